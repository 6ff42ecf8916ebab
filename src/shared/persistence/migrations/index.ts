import type { MigrationObject } from '@mikro-orm/core';
import { AccountsAndApiTokens20261121000100 } from './20261121000100-accounts-and-api-tokens';

/** Every schema change, oldest first. Append new migrations; never edit a released one. */
export const MIGRATIONS: MigrationObject[] = [
  { name: '20261121000100-accounts-and-api-tokens', class: AccountsAndApiTokens20261121000100 },
];
