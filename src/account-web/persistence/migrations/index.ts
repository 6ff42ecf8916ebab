import type { MigrationObject } from '@mikro-orm/core';
import { AccountSessions20261122000100 } from './20261122000100-account-sessions';

/** The schema changes of the account-web module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const ACCOUNT_WEB_MIGRATIONS: MigrationObject[] = [
  { name: '20261122000100-account-sessions', class: AccountSessions20261122000100 },
];
