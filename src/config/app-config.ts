import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export type LogFormat = 'pretty' | 'json';
const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/** Raised when an environment variable holds a value the service cannot run with. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

/** The plain values of an AppConfig, without its methods. */
export type AppConfigValues = { [K in keyof AppConfig as AppConfig[K] extends (...args: never[]) => unknown ? never : K]: AppConfig[K] };

/**
 * The whole runtime configuration, read once from the environment at start.
 * The class is its own injection token; nothing else reads process.env.
 */
export class AppConfig {
  readonly host: string;
  readonly port: number;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly embeddedDatabasePort: number;
  readonly databasePoolSize: number;
  /** Bounds each database step (connect, pool acquire, statement) so a hung database is a prompt 503. */
  readonly databaseTimeoutMs: number;
  readonly logLevel: LogLevel;
  readonly shutdownTimeoutMs: number;
  readonly runMigrationsOnStart: boolean;
  readonly cursorSecret: string | undefined;
  readonly rateLimitPerMinute: number;
  readonly redisUrl: string | undefined;
  /** Namespace of the rate-limit counters in Redis, so environments can share one server. */
  readonly rateLimitKeyPrefix: string;
  readonly trustProxy: string | undefined;
  /** Account pages: cookies get `Secure` (serve the pages over HTTPS, or behind a proxy that terminates it). */
  readonly cookieSecure: boolean;
  /** Signs the session and CSRF cookies; unset: a key generated once per database. */
  readonly sessionSecret: string | undefined;
  readonly sessionIdleMinutes: number;
  readonly sessionAbsoluteHours: number;
  /** Failed sign-ins allowed per email, and per client address, within SIGN_IN_WINDOW_MINUTES. */
  readonly signInFailuresPerEmail: number;
  readonly signInFailuresPerAddress: number;
  readonly signInWindowMinutes: number;
  /** Form submissions per client address per minute on the account pages (sign-up hashes a password: it is costly). */
  readonly accountPagePostsPerMinute: number;
  /** Port of the Prometheus `/metrics` endpoint; unset means no endpoint. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** `pretty` (human-readable), `json`, or unset: pretty when stdout is a terminal. */
  readonly logFormat: LogFormat | undefined;
  /** Worker threads that generate brackets and compute tables off the event loop. */
  readonly workThreads: number;
  /** Tasks that may wait for a worker thread; beyond, a request is refused at once with 503 and Retry-After. */
  readonly workQueueLimit: number;
  /** Longest a worker task may run; past it the thread is ended and the request answered 503 with Retry-After. */
  readonly workTaskTimeoutMs: number;
  /** Heap of each worker thread: a task past it fails alone, the process stays up. */
  readonly workThreadHeapMb: number;
  /** Heavy operations (docs/design/bounded-work.md) one account may have in flight across all instances; beyond, 429. */
  readonly heavyOperationsPerAccount: number;
  /** Events older than this are deleted by the retention sweep; reading from below them is 410 events_expired. */
  readonly eventsRetentionDays: number;
  /** Open event streams per account on one instance (429 beyond). */
  readonly eventStreamsPerAccount: number;
  /** A comment line on every open stream this often, so proxies and clients see it is alive. */
  readonly eventStreamHeartbeatMs: number;
  /** Longest wait for an event committed on another instance when its notification is lost: every stream reader polls this often. */
  readonly eventPollMs: number;
  /** A stream whose client stops reading is paused once this many bytes wait in its buffer, and dropped if they do not drain in EVENT_STREAM_STALL_MS. */
  readonly eventStreamBufferBytes: number;
  readonly eventStreamStallMs: number;
  /** Hosts webhooks may reach though they resolve to a private or loopback address, or over plain http (development). */
  readonly webhookAllowHosts: readonly string[];
  /** One delivery attempt's bound: connect, send and read the answer. */
  readonly webhookTimeoutMs: number;
  /** Longest wait for new events or due retries when a notification is lost. */
  readonly webhookPollMs: number;
  /** Endpoints one instance delivers to at once; 0: this instance serves the API but sends no webhooks. */
  readonly webhookConcurrency: number;
  /** Of those, how many one account may hold (unset: three quarters, at least 1), so others always find one free. */
  readonly webhookConcurrencyPerAccount: number | undefined;
  /** Requests per client address per minute to the public viewer routes (/v/), apart from any account's budget. */
  readonly publicRateLimitPerMinute: number;
  /** Open viewer streams (/v/{share_id}/events) per client address on one instance (429 beyond). */
  readonly publicStreamsPerAddress: number;
  /** Open viewer streams on one instance, all addresses together (429 beyond): what keeps file descriptors for the rest. */
  readonly publicStreamsPerInstance: number;
  /** Browser origins allowed to call /api/v1 (CORS); empty: none, browsers are refused as before. */
  readonly corsOrigins: readonly string[];

  constructor(values: AppConfigValues) {
    Object.assign(this, values);
  }

  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): AppConfig {
    const read = new EnvironmentReader(env);
    const config = new AppConfig({
      // Loopback unless told otherwise: the sign-in page is plain HTTP. The image and compose set HOST=0.0.0.0.
      host: read.string('HOST', '127.0.0.1'),
      port: read.integer('PORT', 3000, 0, 65535),
      databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      dataDir: resolvePath(read.string('DATA_DIR', '.data')),
      embeddedDatabasePort: read.integer('EMBEDDED_DB_PORT', 54320, 1, 65535),
      databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 200),
      databaseTimeoutMs: read.integer('DATABASE_TIMEOUT_MS', 2_000, 100, 600_000),
      logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
      shutdownTimeoutMs: read.integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
      runMigrationsOnStart: read.boolean('MIGRATE_ON_START', true),
      cursorSecret: read.optionalSecret('CURSOR_SECRET', 32),
      rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
      rateLimitKeyPrefix: read.string('RATE_LIMIT_KEY_PREFIX', 'tlm:rl:'),
      trustProxy: read.optionalString('TRUST_PROXY'),
      cookieSecure: read.boolean('COOKIE_SECURE', false),
      sessionSecret: read.optionalSecret('SESSION_SECRET', 32),
      sessionIdleMinutes: read.integer('SESSION_IDLE_MINUTES', 30, 1, 43_200),
      sessionAbsoluteHours: read.integer('SESSION_ABSOLUTE_HOURS', 12, 1, 8_760),
      signInFailuresPerEmail: read.integer('SIGN_IN_FAILURES_PER_EMAIL', 5, 1, 1_000),
      signInFailuresPerAddress: read.integer('SIGN_IN_FAILURES_PER_ADDRESS', 20, 1, 100_000),
      signInWindowMinutes: read.integer('SIGN_IN_WINDOW_MINUTES', 15, 1, 1_440),
      accountPagePostsPerMinute: read.integer('ACCOUNT_PAGE_POSTS_PER_MINUTE', 30, 1, 1_000_000),
      metricsPort: read.optionalInteger('METRICS_PORT', 1, 65535),
      metricsHost: read.string('METRICS_HOST', read.string('HOST', '127.0.0.1')),
      logFormat: read.optionalOneOf('LOG_FORMAT', LOG_FORMATS),
      workThreads: read.integer('WORK_THREADS', Math.min(4, Math.max(1, availableParallelism() - 1)), 1, 64),
      workQueueLimit: read.integer('WORK_QUEUE_LIMIT', 64, 0, 100_000),
      workTaskTimeoutMs: read.integer('WORK_TASK_TIMEOUT_MS', 30_000, 100, 600_000),
      workThreadHeapMb: read.integer('WORK_THREAD_HEAP_MB', 512, 64, 65_536),
      heavyOperationsPerAccount: read.integer('HEAVY_OPERATIONS_PER_ACCOUNT', 2, 1, 1_000),
      eventsRetentionDays: read.integer('EVENTS_RETENTION_DAYS', 30, 1, 3_650),
      eventStreamsPerAccount: read.integer('EVENT_STREAMS_PER_ACCOUNT', 10, 1, 100_000),
      eventStreamHeartbeatMs: read.integer('EVENT_STREAM_HEARTBEAT_MS', 15_000, 100, 600_000),
      eventPollMs: read.integer('EVENT_POLL_MS', 1_000, 10, 1_000),
      eventStreamBufferBytes: read.integer('EVENT_STREAM_BUFFER_BYTES', 256 * 1024, 1024, 64 * 1024 * 1024),
      eventStreamStallMs: read.integer('EVENT_STREAM_STALL_MS', 30_000, 100, 600_000),
      webhookAllowHosts: read.hostList('WEBHOOK_ALLOW_HOSTS'),
      webhookTimeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      webhookPollMs: read.integer('WEBHOOK_POLL_MS', 1_000, 10, 1_000),
      webhookConcurrency: read.integer('WEBHOOK_CONCURRENCY', 8, 0, 256),
      webhookConcurrencyPerAccount: read.optionalInteger('WEBHOOK_CONCURRENCY_PER_ACCOUNT', 1, 256),
      publicRateLimitPerMinute: read.integer('PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
      publicStreamsPerAddress: read.integer('PUBLIC_STREAMS_PER_ADDRESS', 20, 1, 100_000),
      publicStreamsPerInstance: read.integer('PUBLIC_STREAMS_PER_INSTANCE', 5_000, 1, 1_000_000),
      corsOrigins: read.origins('CORS_ORIGINS'),
    });
    if (config.databaseUrl !== undefined && isPlaceholderPassword(config.databaseUrl)) {
      throw new ConfigError('DATABASE_URL', 'carries a placeholder password (like change-me from .env.example): set a real one (POSTGRES_PASSWORD in .env for compose)');
    }
    if (config.metricsPort !== undefined && config.metricsPort === config.port) {
      throw new ConfigError('METRICS_PORT', 'must differ from PORT: metrics are never served on the public port');
    }
    return config;
  }

  /** A copy with some values replaced: used by tests and the command line. */
  with(overrides: Partial<AppConfigValues>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
}

/** Passwords copied from examples: a stack started with one is open to anyone who read the same example. */
const PLACEHOLDER_PASSWORDS = new Set(['change-me', 'changeme', 'change_me', 'password', 'secret', 'example']);

function isPlaceholderPassword(databaseUrl: string): boolean {
  return PLACEHOLDER_PASSWORDS.has(decodeURIComponent(new URL(databaseUrl).password).toLowerCase());
}

function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

class EnvironmentReader {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  optionalString(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  string(name: string, fallback: string): string {
    return this.optionalString(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    return this.optionalInteger(name, min, max) ?? fallback;
  }

  optionalInteger(name: string, min: number, max: number): number | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    throw new ConfigError(name, `must be true or false, got "${raw}"`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    return this.optionalOneOf(name, allowed) ?? fallback;
  }

  optionalOneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    if (!allowed.includes(raw as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
    return raw as T;
  }

  /** A comma-separated list of exact origins (`https://club.example`, no path); `*` is refused: a token must not be usable from any site. */
  origins(name: string): string[] {
    const raw = this.optionalString(name);
    if (raw === undefined) return [];
    return raw
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .map((entry) => {
        let origin: string;
        try {
          origin = new URL(entry).origin;
        } catch {
          throw new ConfigError(name, `must list origins such as https://club.example, got "${entry}"`);
        }
        if (origin === 'null' || origin !== entry.replace(/\/$/, '') || !/^https?:/.test(origin)) {
          throw new ConfigError(name, `must list origins (scheme, host and port only, such as https://club.example), got "${entry}"`);
        }
        return origin;
      });
  }

  /** A comma-separated list of host names or addresses, compared lower-cased (IPv6 without brackets). */
  hostList(name: string): string[] {
    const raw = this.optionalString(name);
    if (raw === undefined) return [];
    return raw
      .split(',')
      .map((entry) => entry.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      .filter((entry) => entry !== '');
  }

  /** Reports a bad URL without echoing it: it may carry a password. */
  url(name: string, protocols: string[]): string | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    let protocol: string;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      throw new ConfigError(name, 'is not a valid URL');
    }
    if (!protocols.includes(protocol)) throw new ConfigError(name, `must start with ${protocols.join(' or ')}//`);
    return raw;
  }

  optionalSecret(name: string, minLength: number): string | undefined {
    const raw = this.optionalString(name);
    if (raw !== undefined && raw.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters long`);
    return raw;
  }
}
