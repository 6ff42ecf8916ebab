import type { MigrationObject } from '@mikro-orm/core';
import { ACCOUNT_WEB_MIGRATIONS } from './account-web/persistence/migrations';
import { EVENTS_MIGRATIONS } from './events/persistence/migrations';
import { LEAGUES_MIGRATIONS } from './leagues/persistence/migrations';
import { MATCHES_MIGRATIONS } from './matches/persistence/migrations';
import { PARTICIPANTS_MIGRATIONS } from './participants/persistence/migrations';
import { PLATFORM_MIGRATIONS } from './platform/persistence/migrations';
import { TOKENS_MIGRATIONS } from './tokens/persistence/migrations';
import { TOURNAMENTS_MIGRATIONS } from './tournaments/persistence/migrations';
import { WEBHOOKS_MIGRATIONS } from './webhooks/persistence/migrations';
import { inTimestampOrder } from './platform/persistence/migration-order';

/**
 * Every schema change, collected from the modules that own them (each module's `persistence/migrations/`).
 * A new module adds its list here; a new migration is a file in its module's folder, named with the next
 * timestamp and appended to that folder's index.ts. Names never change: the schema_migrations table holds them.
 */
export const MIGRATIONS: MigrationObject[] = inTimestampOrder([PLATFORM_MIGRATIONS, TOKENS_MIGRATIONS, ACCOUNT_WEB_MIGRATIONS, EVENTS_MIGRATIONS, LEAGUES_MIGRATIONS, TOURNAMENTS_MIGRATIONS, PARTICIPANTS_MIGRATIONS, MATCHES_MIGRATIONS, WEBHOOKS_MIGRATIONS]);
