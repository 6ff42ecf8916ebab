import type { ModuleManifest } from '../platform/module-manifest';
import { AppMetrics } from './app-metrics';
import { MetricsModule } from './metrics.module';

/** Prometheus metrics. */
export const metricsManifest: ModuleManifest = {
  name: 'metrics',
  nestModules: [MetricsModule.forRoot()],
  ports: [AppMetrics],
};
