import type { ModuleManifest } from '../platform/module-manifest';
import { AccountReports } from './account-reports';
import { AdminModule } from './admin.module';

/** The admin command line's reports. */
export const adminManifest: ModuleManifest = {
  name: 'admin',
  nestModules: [AdminModule],
  ports: [AccountReports],
};
