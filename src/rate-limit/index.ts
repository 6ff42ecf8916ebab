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
// What other modules may import from this one: the direction check refuses an import of any other file.
export { RateLimitGuard } from './rate-limit.guard';
export { RateLimitModule } from './rate-limit.module';
export { RateLimitWindow, RateLimiter } from './rate-limiter';
