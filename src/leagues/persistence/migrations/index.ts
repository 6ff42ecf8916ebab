import type { MigrationObject } from '@mikro-orm/core';
import { Leagues20261121000400 } from './20261121000400-leagues';

/** The schema changes of the leagues module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const LEAGUES_MIGRATIONS: MigrationObject[] = [
  { name: '20261121000400-leagues', class: Leagues20261121000400 },
];
