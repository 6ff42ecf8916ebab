import type { MigrationObject } from '@mikro-orm/core';
import { Webhooks20261125900100 } from './20261125900100-webhooks';
import { WebhookPendingEvents20261127160100 } from './20261127160100-webhook-pending-events';

/** The schema changes of the webhooks module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const WEBHOOKS_MIGRATIONS: MigrationObject[] = [
  { name: '20261125900100-webhooks', class: Webhooks20261125900100 },
  { name: '20261127160100-webhook-pending-events', class: WebhookPendingEvents20261127160100 },
];
