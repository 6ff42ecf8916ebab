import type { MigrationObject } from '@mikro-orm/core';
import { AccountsAndApiTokens20261121000100 } from './20261121000100-accounts-and-api-tokens';
import { IdempotencyKeys20261121000200 } from './20261121000200-idempotency-keys';
import { Tournaments20261121000300 } from './20261121000300-tournaments';
import { Leagues20261121000400 } from './20261121000400-leagues';
import { AccountSessions20261122000100 } from './20261122000100-account-sessions';
import { Participants20261122000300 } from './20261122000300-participants';
import { Matches20261122000400 } from './20261122000400-matches';
import { PrincipalChangeNotifications20261122000201 } from './20261122000201-principal-change-notifications';
import { StoredParticipantCount20261122000500 } from './20261122000500-stored-participant-count';
import { LargerEvents20261125110100 } from './20261125110100-larger-events';
import { ParticipantNameKeys20261125120100 } from './20261125120100-participant-name-keys';
import { ThirdPlaceMatch20261125400100 } from './20261125400100-third-place-match';
import { CompetitionRules20261125300100 } from './20261125300100-competition-rules';
import { WithdrawalsAndCheckIn20261125500100 } from './20261125500100-withdrawals-and-check-in';
import { Events20261125200100 } from './20261125200100-events';
import { Sharing20261125700100 } from './20261125700100-sharing';
import { Webhooks20261125900100 } from './20261125900100-webhooks';

/** Every schema change, oldest first. Append new migrations; never edit a released one. */
export const MIGRATIONS: MigrationObject[] = [
  { name: '20261121000100-accounts-and-api-tokens', class: AccountsAndApiTokens20261121000100 },
  { name: '20261121000200-idempotency-keys', class: IdempotencyKeys20261121000200 },
  { name: '20261121000300-tournaments', class: Tournaments20261121000300 },
  { name: '20261121000400-leagues', class: Leagues20261121000400 },
  { name: '20261122000100-account-sessions', class: AccountSessions20261122000100 },
  { name: '20261122000300-participants', class: Participants20261122000300 },
  { name: '20261122000400-matches', class: Matches20261122000400 },
  { name: '20261122000201-principal-change-notifications', class: PrincipalChangeNotifications20261122000201 },
  { name: '20261122000500-stored-participant-count', class: StoredParticipantCount20261122000500 },
  { name: '20261125110100-larger-events', class: LargerEvents20261125110100 },
  { name: '20261125120100-participant-name-keys', class: ParticipantNameKeys20261125120100 },
  { name: '20261125200100-events', class: Events20261125200100 },
  { name: '20261125300100-competition-rules', class: CompetitionRules20261125300100 },
  { name: '20261125400100-third-place-match', class: ThirdPlaceMatch20261125400100 },
  { name: '20261125500100-withdrawals-and-check-in', class: WithdrawalsAndCheckIn20261125500100 },
  { name: '20261125700100-sharing', class: Sharing20261125700100 },
  { name: '20261125900100-webhooks', class: Webhooks20261125900100 },
];
