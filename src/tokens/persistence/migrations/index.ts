import type { MigrationObject } from '@mikro-orm/core';
import { AccountsAndApiTokens20261121000100 } from './20261121000100-accounts-and-api-tokens';
import { PrincipalChangeNotifications20261122000201 } from './20261122000201-principal-change-notifications';

/** The schema changes of the tokens module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const TOKENS_MIGRATIONS: MigrationObject[] = [
  { name: '20261121000100-accounts-and-api-tokens', class: AccountsAndApiTokens20261121000100 },
  { name: '20261122000201-principal-change-notifications', class: PrincipalChangeNotifications20261122000201 },
];
