import type { MigrationObject } from '@mikro-orm/core';
import { Events20261125200100 } from './20261125200100-events';

/** The schema changes of the events module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const EVENTS_MIGRATIONS: MigrationObject[] = [
  { name: '20261125200100-events', class: Events20261125200100 },
];
