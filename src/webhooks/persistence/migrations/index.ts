import type { MigrationObject } from '@mikro-orm/core';
import { Webhooks20261125900100 } from './20261125900100-webhooks';

/** The schema changes of the webhooks module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const WEBHOOKS_MIGRATIONS: MigrationObject[] = [{ name: '20261125900100-webhooks', class: Webhooks20261125900100 }];
