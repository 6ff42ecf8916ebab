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
