import { accountWebManifest } from './account-web';
import { adminManifest } from './admin';
import { docsManifest } from './docs';
import { eventsManifest } from './events';
import { healthManifest } from './health';
import { leaguesManifest } from './leagues';
import { matchesManifest } from './matches';
import { metricsManifest } from './metrics';
import { participantsManifest } from './participants';
import type { ModuleManifest } from './platform/module-manifest';
import { rateLimitManifest } from './rate-limit';
import { tokensManifest } from './tokens';
import { tournamentsManifest } from './tournaments';
import { viewingManifest } from './viewing';
import { webhooksManifest } from './webhooks';

/**
 * The modules of the application, one manifest each (exported from the module's `index.ts`). The Nest application,
 * the migration list, the OpenAPI document (in this order), the problem guide on /docs and the event catalogue
 * are built from this list: a new module is its folder plus one line here.
 */
export const MODULES: readonly ModuleManifest[] = [
  tournamentsManifest,
  leaguesManifest,
  participantsManifest,
  matchesManifest,
  eventsManifest,
  webhooksManifest,
  healthManifest,
  docsManifest,
  tokensManifest,
  rateLimitManifest,
  viewingManifest,
  accountWebManifest,
  metricsManifest,
  adminManifest,
];
