import 'reflect-metadata';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { AccountReports } from './admin/account-reports';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { DomainError } from './shared/domain-error';
import { RouteTable } from './shared/http/route-table';
import { createLogger, NestPinoLogger } from './shared/logging';
import { withDatabase } from './shared/persistence/database-runtime';
import { migrateDatabase } from './shared/persistence/migrate';
import { AccountsService } from './tokens/accounts.service';
import { isPlan, Plan, PLANS } from './tokens/domain/plan';

/**
 * The admin command line: `node dist/cli.js <command> [options]`. Same
 * configuration as the server. Prints exactly one JSON object on stdout
 * (`account:list`: one per account, JSON lines); failures go to stderr with a
 * non-zero exit code. Logs go to stderr.
 */
const USAGE = `Usage: node dist/cli.js <command> [options]
  migrate                                                   apply pending database migrations
  account:create --email E [--plan free|premium] [--password-stdin]
  account:set-plan --email E --plan free|premium
  token:generate --email E                                  prints the new token once; replaces any previous one
  token:revoke --email E
  account:list [--after E] [--limit N]                      one JSON line per account, in email order
  account:show --email E                                    plan, token (last four, created, last used), counts`;

class UsageError extends Error {}

/** Returns the one object to print, or undefined when it printed its lines through `emit` itself. */
type Command = (app: INestApplicationContext, options: CliOptions, emit: (line: object) => void) => Promise<object | undefined>;

interface CliOptions {
  email?: string;
  plan?: string;
  'password-stdin'?: boolean;
  after?: string;
  limit?: string;
}

const COMMANDS: Record<string, Command> = {
  migrate: async (app) => ({ applied: await migrateDatabase(app.get(MikroORM) as MikroORM) }),
  'account:create': async (app, options) => {
    const password = options['password-stdin'] ? await readStdin() : undefined;
    const account = await app.get(AccountsService).createAccount({ email: required(options, 'email'), plan: planOf(options, 'free'), password });
    return { id: account.id, email: account.email, plan: account.plan };
  },
  'account:set-plan': async (app, options) => {
    const account = await app.get(AccountsService).setPlan(required(options, 'email'), planOf(options));
    return { id: account.id, email: account.email, plan: account.plan };
  },
  'token:generate': async (app, options) => ({ token: await app.get(AccountsService).generateToken(required(options, 'email')) }),
  'token:revoke': async (app, options) => {
    await app.get(AccountsService).revokeToken(required(options, 'email'));
    return { revoked: true };
  },
  'account:list': async (app, options, emit) => {
    for await (const account of app.get(AccountReports).list(options.after, limitOf(options))) emit(account);
    return undefined;
  },
  'account:show': async (app, options) => app.get(AccountReports).show(required(options, 'email')),
};

async function main(argv: string[]): Promise<object | undefined> {
  const [name, ...rest] = argv;
  const command = COMMANDS[name ?? ''];
  if (!command) throw new UsageError(name ? `Unknown command "${name}".` : 'No command given.');
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      after: { type: 'string' },
      limit: { type: 'string' },
    },
    strict: true,
  });
  const config = AppConfig.fromEnvironment();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 2, config.logFormat);
  return withDatabase(config, logger, async (databaseConfig) => {
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(databaseConfig, new RouteTable(), logger), {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });
    try {
      const orm = app.get(MikroORM) as MikroORM;
      if (name !== 'migrate' && config.runMigrationsOnStart) await migrateDatabase(orm);
      return await RequestContext.create(orm.em, () => command(app, values, printLine));
    } finally {
      await app.close();
    }
  });
}

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

function printLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
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

function explain(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof DomainError) {
    const fields = (error.extensions.errors as { pointer: string; detail: string }[] | undefined) ?? [];
    return [error.message, ...fields.map((field) => `  ${field.pointer.slice(1)}: ${field.detail}`)].join('\n');
  }
  if (error instanceof Error && error.name === 'TypeError' && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    return `${error.message}\n\n${USAGE}`;
  }
  return error instanceof Error ? error.message : String(error);
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) printLine(result);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`error: ${explain(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
