import type { ModuleManifest } from '../platform/module-manifest';
import { RateLimitModule } from './rate-limit.module';
import { rateLimitApiDocs } from './rate-limit.openapi';
import { RateLimiter } from './rate-limiter';

/** Each account's (or address's) requests per minute. */
export const rateLimitManifest: ModuleManifest = {
  name: 'rate-limit',
  nestModules: [RateLimitModule],
  apiDocs: ({ rateLimitPerMinute }) => [rateLimitApiDocs(rateLimitPerMinute)],
  ports: [RateLimiter],
};
