import { MikroORM } from '@mikro-orm/postgresql';
import { INestApplicationContext } from '@nestjs/common';
import { migrateDatabase } from '../platform/persistence/migrate';
import { AccountsService } from '../tokens';
import { isPlan, Plan, PLANS } from '../tokens';
import { AccountReports } from './account-reports';

/** A mistake in how the command was typed: shown with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

export interface CliOptions {
  email?: string;
  plan?: string;
  'password-stdin'?: boolean;
  after?: string;
  limit?: string;
  status?: boolean;
  yes?: boolean;
}

export type OptionName = keyof CliOptions;

/** What a command may print besides its one JSON result: lines for account:list, notes for a person on stderr. */
export interface CliOutput {
  line(value: object): void;
  note(text: string): void;
}

export interface CliCommand {
  /** The options after the command name, as `--help` shows them. */
  usage: string;
  summary: string;
  options: OptionName[];
  /** Returns the one object to print, or undefined when it printed its lines itself. */
  run(app: INestApplicationContext, options: CliOptions, output: CliOutput): Promise<object | undefined>;
}

export const OPTION_TYPES: Record<OptionName, 'string' | 'boolean'> = {
  email: 'string',
  plan: 'string',
  'password-stdin': 'boolean',
  after: 'string',
  limit: 'string',
  status: 'boolean',
  yes: 'boolean',
};

/** Every command of `node dist/cli.js`; `--help` and the usage text are built from this table. */
export const COMMANDS: Record<string, CliCommand> = {
  migrate: {
    usage: '[--status]',
    summary: 'Apply pending database migrations. --status lists applied and pending ones and changes nothing.',
    options: ['status'],
    run: async (app, options) => {
      const orm = app.get(MikroORM) as MikroORM;
      if (!options.status) return { applied: await migrateDatabase(orm) };
      const migrator = orm.getMigrator();
      const [executed, pending] = await Promise.all([migrator.getExecutedMigrations(), migrator.getPendingMigrations()]);
      return { applied: executed.map((migration) => migration.name), pending: pending.map((migration) => migration.name) };
    },
  },
  'account:create': {
    usage: '--email E [--plan free|premium] [--password-stdin]',
    summary: 'Create an account (free unless --plan premium). --password-stdin reads a password for the account pages.',
    options: ['email', 'plan', 'password-stdin'],
    run: async (app, options) => {
      const password = options['password-stdin'] ? await readStdin() : undefined;
      const account = await app.get(AccountsService).createAccount({ email: required(options, 'email'), plan: planOf(options, 'free'), password });
      return { id: account.id, email: account.email, plan: account.plan };
    },
  },
  'account:set-plan': {
    usage: '--email E --plan free|premium',
    summary: 'Change an account\'s plan. API tokens work on premium only.',
    options: ['email', 'plan'],
    run: async (app, options) => {
      const account = await app.get(AccountsService).setPlan(required(options, 'email'), planOf(options));
      return { id: account.id, email: account.email, plan: account.plan };
    },
  },
  'account:list': {
    usage: '[--after E] [--limit N]',
    summary: 'One JSON line per account, in email order; --after the last email of a page gives the next page.',
    options: ['after', 'limit'],
    run: async (app, options, output) => {
      for await (const account of app.get(AccountReports).list(options.after, limitOf(options))) output.line(account);
      return undefined;
    },
  },
  'account:show': {
    usage: '--email E',
    summary: 'Plan, token (last four, created, last used) and counts of tournaments and leagues of one account.',
    options: ['email'],
    run: (app, options) => app.get(AccountReports).show(required(options, 'email')),
  },
  'account:delete': {
    usage: '--email E --yes',
    summary: 'Delete an account with its token, sessions, tournaments and leagues. Cannot be undone: --yes confirms.',
    options: ['email', 'yes'],
    run: async (app, options) => {
      const email = required(options, 'email');
      if (!options.yes) throw new UsageError(`This deletes ${email} and everything it owns, for good. Add --yes to confirm.`, 'account:delete');
      const account = await app.get(AccountsService).deleteAccountByEmail(email);
      return { deleted: true, id: account.id, email: account.email };
    },
  },
  'token:generate': {
    usage: '--email E',
    summary: 'Print a new API token once; it replaces (and stops) any previous one.',
    options: ['email'],
    run: async (app, options, output) => {
      const accounts = app.get(AccountsService);
      const email = required(options, 'email');
      const { account } = await accounts.findWithToken(email);
      const token = await accounts.generateToken(email);
      if (!account.hasApiAccess()) {
        output.note(
          `warning: ${account.email} is on the ${account.plan} plan: the API refuses this token (403 subscription_required) ` +
            `until the account is on premium (account:set-plan --email ${account.email} --plan premium).`,
        );
      }
      return { token };
    },
  },
  'token:revoke': {
    usage: '--email E',
    summary: 'Revoke the account\'s API token; requests with it get 401 at once.',
    options: ['email'],
    run: async (app, options, output) => {
      const revoked = await app.get(AccountsService).revokeToken(required(options, 'email'));
      if (!revoked) output.note(`note: ${options.email} had no API token: nothing was revoked.`);
      return { revoked };
    },
  },
};

function required(options: CliOptions, name: 'email'): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

function limitOf(options: CliOptions): number | undefined {
  if (options.limit === undefined) return undefined;
  if (!/^\d+$/.test(options.limit) || Number(options.limit) < 1) throw new UsageError('--limit must be a whole number of at least 1.');
  return Number(options.limit);
}

function planOf(options: CliOptions, fallback?: Plan): Plan {
  const plan = options.plan ?? fallback;
  if (!isPlan(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
  return plan;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
