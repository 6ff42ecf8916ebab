import type { MigrationObject } from '@mikro-orm/core';
import { Matches20261122000400 } from './20261122000400-matches';
import { ThirdPlaceMatch20261125400100 } from './20261125400100-third-place-match';
import { WithdrawalsAndCheckIn20261125500100 } from './20261125500100-withdrawals-and-check-in';
import { StandingsRefreshes20261125800100 } from './20261125800100-standings-refreshes';
import { Stations20261127410100 } from './20261127410100-stations';
import { Series20261127440200 } from './20261127440200-series';
import { ReportedOutcomes20261127440300 } from './20261127440300-reported-outcomes';
import { MatchSchedule20261127480100 } from './20261127480100-match-schedule';
import { MatchDeciders20261127481100 } from './20261127481100-match-deciders';
import { MatchStages20261127500300 } from './20261127500300-match-stages';
import { MatchFeeders20261128100100 } from './20261128100100-match-feeders';

/** The schema changes of the matches module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const MATCHES_MIGRATIONS: MigrationObject[] = [
  { name: '20261122000400-matches', class: Matches20261122000400 },
  { name: '20261125400100-third-place-match', class: ThirdPlaceMatch20261125400100 },
  { name: '20261125500100-withdrawals-and-check-in', class: WithdrawalsAndCheckIn20261125500100 },
  { name: '20261125800100-standings-refreshes', class: StandingsRefreshes20261125800100 },
  { name: '20261127410100-stations', class: Stations20261127410100 },
  { name: '20261127440200-series', class: Series20261127440200 },
  { name: '20261127440300-reported-outcomes', class: ReportedOutcomes20261127440300 },
  { name: '20261127480100-match-schedule', class: MatchSchedule20261127480100 },
  { name: '20261127481100-match-deciders', class: MatchDeciders20261127481100 },
  { name: '20261127500300-match-stages', class: MatchStages20261127500300 },
  { name: '20261128100100-match-feeders', class: MatchFeeders20261128100100 },
];
