import type { ModuleManifest } from '../platform/module-manifest';
import { TOKENS_MIGRATIONS } from './persistence/migrations';
import { TOKENS_PROBLEM_KINDS } from './tokens.problems';
import { tokensApiDocs } from './tokens.openapi';
import { TokensModule } from './tokens.module';
import { AccountsService } from './accounts.service';
import { CallerIdentification } from './http/caller-identification';

/** Accounts, plans, API tokens and the bearer strategy. */
export const tokensManifest: ModuleManifest = {
  name: 'tokens',
  nestModules: [TokensModule],
  migrations: TOKENS_MIGRATIONS,
  apiDocs: () => [tokensApiDocs()],
  problems: TOKENS_PROBLEM_KINDS,
  ports: [AccountsService, CallerIdentification],
};
