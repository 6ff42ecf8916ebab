import type { ModuleManifest } from '../platform/module-manifest';
import { DatabaseHealth } from './database-health';
import { HealthModule } from './health.module';
import { healthApiDocs } from './health.openapi';

/** Liveness and readiness. */
export const healthManifest: ModuleManifest = {
  name: 'health',
  nestModules: [HealthModule],
  apiDocs: () => [healthApiDocs()],
  ports: [DatabaseHealth],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { DatabaseHealth } from './database-health';
export { HealthModule } from './health.module';
