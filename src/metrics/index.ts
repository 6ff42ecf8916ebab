import type { ModuleManifest } from '../platform/module-manifest';
import { AppMetrics } from './app-metrics';
import { MetricsModule } from './metrics.module';

/** Prometheus metrics. */
export const metricsManifest: ModuleManifest = {
  name: 'metrics',
  nestModules: [MetricsModule.forRoot()],
  ports: [AppMetrics],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { AppMetrics } from './app-metrics';
export { startMetricsServer, stopMetricsServer } from './metrics-server';
export { countRequests } from './request-metrics';
