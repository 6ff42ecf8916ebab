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
// What other modules may import from this one: the direction check refuses an import of any other file.
export { AccountsService, AuthenticatedAccount } from './accounts.service';
export { EmailTakenError, SubscriptionRequiredError, TokenChangedError, WrongPasswordError } from './domain/account-errors';
export { Account, normaliseEmail } from './domain/account';
export { ApiToken } from './domain/api-token';
export { MIN_PASSWORD_LENGTH } from './domain/password';
export { PLANS, Plan, isPlan } from './domain/plan';
export { tokenDigest } from './domain/token-format';
export { BearerAuthGuard } from './http/bearer-auth.guard';
export { CallerIdentification } from './http/caller-identification';
export { CurrentAccount } from './http/current-account.decorator';
export { TokensModule } from './tokens.module';
