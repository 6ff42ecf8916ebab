import type { ModuleManifest } from '../platform/module-manifest';
import { AccountWebModule } from './account-web.module';
import { ACCOUNT_WEB_MIGRATIONS } from './persistence/migrations';

/** The account pages: sign-up, sign-in, settings, billing. */
export const accountWebManifest: ModuleManifest = {
  name: 'account-web',
  nestModules: [AccountWebModule],
  migrations: ACCOUNT_WEB_MIGRATIONS,
};
