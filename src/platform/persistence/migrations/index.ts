import type { MigrationObject } from '@mikro-orm/core';
import { IdempotencyKeys20261121000200 } from './20261121000200-idempotency-keys';

/** The schema changes of the platform (idempotency keys and the service secrets); the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const PLATFORM_MIGRATIONS: MigrationObject[] = [
  { name: '20261121000200-idempotency-keys', class: IdempotencyKeys20261121000200 },
];
