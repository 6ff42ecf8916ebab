import 'reflect-metadata';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { CliCommand, CliOptions, COMMANDS, OPTION_TYPES, UsageError } from './admin';
import { AppModule } from './app.module';
import { AppConfig, ConfigError } from './config/app-config';
import { DomainError, InvalidError } from './kernel/domain-error';
import { closestName } from './platform/http/did-you-mean';
import { RouteTable } from './platform/http/route-table';
import { createLogger, NestPinoLogger } from './platform/logging';
import { isDatabaseUnavailable } from './platform/persistence/database-errors';
import { withDatabase } from './platform/persistence/database-runtime';
import { migrateDatabase } from './platform/persistence/migrate';

/**
 * The admin command line: `node dist/cli.js <command> [options]`, `--help` after any command for its own help.
 * Same configuration as the server. A command prints exactly one JSON object on stdout (`account:list`: one per
 * account, JSON lines); failures and notes for a person go to stderr in plain words, failures with a non-zero exit
 * code (2 for a mistyped command line).
 */
const PROGRAM = 'node dist/cli.js';
const HELP_FLAGS = new Set(['--help', '-h', 'help']);

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: ${PROGRAM} <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n${PROGRAM} <command> --help shows a command's options.`;
}

function commandHelp(name: string, command: CliCommand): string {
  return `Usage: ${PROGRAM} ${name} ${command.usage}\n\n${command.summary}`;
}

/** Help text for `--help` anywhere, or undefined when the arguments ask for a command to run. */
function helpFor(argv: string[]): string | undefined {
  const [name, ...rest] = argv;
  if (name === undefined || HELP_FLAGS.has(name)) return name === undefined ? undefined : usage();
  const command = COMMANDS[name];
  return command && rest.some((argument) => argument === '--help' || argument === '-h') ? commandHelp(name, command) : undefined;
}

function parse(argv: string[]): { name: string; command: CliCommand; options: CliOptions } {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('No command given.');
  const command = COMMANDS[name];
  if (!command) {
    const closest = closestName(name, Object.keys(COMMANDS));
    throw new UsageError(`${name} is not a command.${closest ? ` Did you mean ${closest}?` : ''}`);
  }
  const unknown = rest.find((argument) => argument.startsWith('--') && !command.options.includes(argument.slice(2).split('=')[0] as never));
  if (unknown) {
    const option = unknown.slice(2).split('=')[0];
    const closest = closestName(option, command.options);
    throw new UsageError(`--${option} is not an option of ${name}.${closest ? ` Did you mean --${closest}?` : ''}`, name);
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(command.options.map((option) => [option, { type: OPTION_TYPES[option] }])),
    strict: true,
    allowPositionals: false,
  });
  return { name, command, options: values as CliOptions };
}

async function main(argv: string[]): Promise<object | undefined> {
  const help = helpFor(argv);
  if (help !== undefined) {
    process.stdout.write(`${help}\n`);
    return undefined;
  }
  const { name, command, options } = parse(argv);
  const config = AppConfig.fromEnvironment();
  // A person reads stderr: only errors are logged unless LOG_LEVEL asks for more (debug, trace).
  const logger = createLogger(['info', 'warn'].includes(config.logLevel) ? 'error' : config.logLevel, 2, config.logFormat);
  return withDatabase(config, logger, async (databaseConfig) => {
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(databaseConfig, new RouteTable(), logger), {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });
    try {
      const orm = app.get(MikroORM) as MikroORM;
      if (name !== 'migrate' && config.runMigrationsOnStart) await migrateDatabase(orm);
      return await RequestContext.create(orm.em, () =>
        command.run(app, options, { line: printLine, note: (text) => process.stderr.write(`${text}\n`) }),
      );
    } finally {
      await app.close();
    }
  });
}

function printLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The failure in a shell's words: options instead of body fields, the database by name instead of a socket error. */
function explain(error: unknown): string {
  if (error instanceof UsageError) {
    const command = error.command === undefined ? undefined : COMMANDS[error.command];
    return `${error.message}\n\n${command ? commandHelp(error.command!, command) : usage()}`;
  }
  if (error instanceof InvalidError) {
    return error.fieldProblems.map(({ pointer, detail }) => `${optionFor(pointer.slice(1))}: ${detail}`).join('\n');
  }
  if (error instanceof DomainError || error instanceof ConfigError) return error.message;
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return `${error.message}\n\n${usage()}`;
  if (isDatabaseUnavailable(error)) {
    const reason = error instanceof Error ? ` (${error.message})` : '';
    return `cannot reach the database${reason}. Check that PostgreSQL is running and that DATABASE_URL points at it.`;
  }
  return error instanceof Error ? error.message : String(error);
}

function optionFor(field: string): string {
  if (field === 'password') return 'the password (from --password-stdin)';
  return field in OPTION_TYPES ? `--${field}` : field;
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) printLine(result);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`error: ${explain(error)}\n`);
    process.exit(error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) ? 2 : 1);
  },
);
