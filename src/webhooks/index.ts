import type { ModuleManifest } from '../platform/module-manifest';
import { WEBHOOKS_MIGRATIONS } from './persistence/migrations';
import { WEBHOOKS_PROBLEM_KINDS } from './webhooks.problems';
import { webhooksApiDocs } from './webhooks.openapi';
import { WebhooksModule } from './webhooks.module';
import { WebhooksService } from './webhooks.service';

/** Webhook endpoints and the delivery of the event log to them. */
export const webhooksManifest: ModuleManifest = {
  name: 'webhooks',
  nestModules: [WebhooksModule],
  migrations: WEBHOOKS_MIGRATIONS,
  apiDocs: ({ eventTypes }) => [webhooksApiDocs(Object.keys(eventTypes))],
  problems: WEBHOOKS_PROBLEM_KINDS,
  ports: [WebhooksService],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { WebhooksModule } from './webhooks.module';
export { WebhooksService } from './webhooks.service';
