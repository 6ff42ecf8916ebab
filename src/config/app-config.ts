import { isAbsolute, resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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
  readonly logLevel: LogLevel;
  readonly shutdownTimeoutMs: number;
  readonly runMigrationsOnStart: boolean;
  readonly cursorSecret: string | undefined;
  readonly rateLimitPerMinute: number;
  readonly redisUrl: string | undefined;
  /** Namespace of the rate-limit counters in Redis, so environments can share one server. */
  readonly rateLimitKeyPrefix: string;
  readonly trustProxy: string | undefined;

  constructor(values: AppConfigValues) {
    Object.assign(this, values);
  }

  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): AppConfig {
    const read = new EnvironmentReader(env);
    return new AppConfig({
      host: read.string('HOST', '0.0.0.0'),
      port: read.integer('PORT', 3000, 0, 65535),
      databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      dataDir: resolvePath(read.string('DATA_DIR', '.data')),
      embeddedDatabasePort: read.integer('EMBEDDED_DB_PORT', 54320, 1, 65535),
      databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 200),
      logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
      shutdownTimeoutMs: read.integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
      runMigrationsOnStart: read.boolean('MIGRATE_ON_START', true),
      cursorSecret: read.optionalSecret('CURSOR_SECRET', 32),
      rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
      rateLimitKeyPrefix: read.string('RATE_LIMIT_KEY_PREFIX', 'tlm:rl:'),
      trustProxy: read.optionalString('TRUST_PROXY'),
    });
  }

  /** A copy with some values replaced: used by tests and the command line. */
  with(overrides: Partial<AppConfigValues>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
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
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
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
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
    return raw as T;
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
