import type { MigrationObject } from '@mikro-orm/core';
import { MODULES } from './modules';
import { inTimestampOrder } from './platform/persistence/migration-order';
import { PLATFORM_MIGRATIONS } from './platform/persistence/migrations';

/**
 * Every schema change: the platform's and each module's (its manifest's, from its `persistence/migrations/`).
 * A new migration is a file in its module's folder, named with the next timestamp and appended to that folder's
 * index.ts. Names never change: the schema_migrations table holds them.
 */
export const MIGRATIONS: MigrationObject[] = inTimestampOrder([PLATFORM_MIGRATIONS, ...MODULES.map((manifest) => [...(manifest.migrations ?? [])])]);
