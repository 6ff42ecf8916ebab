import type { ModuleManifest } from '../platform/module-manifest';
import { AccountWebModule } from './account-web.module';
import { ACCOUNT_WEB_MIGRATIONS } from './persistence/migrations';

/** The account pages: sign-up, sign-in, settings, billing. */
export const accountWebManifest: ModuleManifest = {
  name: 'account-web',
  nestModules: [AccountWebModule],
  migrations: ACCOUNT_WEB_MIGRATIONS,
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { registerAccountWebPlugins } from './http/account-web.plugins';
