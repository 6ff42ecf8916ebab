import type { MigrationObject } from '@mikro-orm/core';
import { Sharing20261125700100 } from './20261125700100-sharing';
import { ShareLinkDrops20261127470100 } from './20261127470100-share-link-drops';

/** The schema changes of the viewing module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const VIEWING_MIGRATIONS: MigrationObject[] = [
  { name: '20261125700100-sharing', class: Sharing20261125700100 },
  { name: '20261127470100-share-link-drops', class: ShareLinkDrops20261127470100 },
];
