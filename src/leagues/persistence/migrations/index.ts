import type { MigrationObject } from '@mikro-orm/core';
import { Leagues20261121000400 } from './20261121000400-leagues';
import { LeagueRating20261127170000 } from './20261127170000-league-rating';
import { StoredRatings20261127900100 } from './20261127900100-stored-ratings';

/** The schema changes of the leagues module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const LEAGUES_MIGRATIONS: MigrationObject[] = [
  { name: '20261121000400-leagues', class: Leagues20261121000400 },
  { name: '20261127170000-league-rating', class: LeagueRating20261127170000 },
  { name: '20261127900100-stored-ratings', class: StoredRatings20261127900100 },
];
