import type { ModuleManifest } from '../platform/module-manifest';
import { AccountReports } from './account-reports';
import { AdminModule } from './admin.module';

/** The admin command line's reports. */
export const adminManifest: ModuleManifest = {
  name: 'admin',
  nestModules: [AdminModule],
  ports: [AccountReports],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { COMMANDS, CliCommand, CliOptions, OPTION_TYPES, UsageError } from './cli-commands';
