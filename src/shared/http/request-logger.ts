import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn, Logger as PinoLogger } from 'pino';

/**
 * `request.log`, made on first use. Fastify gives every request a pino child
 * bound to its request id; most requests never log through it (the one line
 * per request goes through the access log below), and creating a child on each
 * was a noticeable share of a cheap request's CPU.
 */
export class RequestLogger implements FastifyBaseLogger {
  private logger: PinoLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  readonly fatal: LogFn = (...args: Parameters<LogFn>) => this.log('fatal', args);
  readonly error: LogFn = (...args: Parameters<LogFn>) => this.log('error', args);
  readonly warn: LogFn = (...args: Parameters<LogFn>) => this.log('warn', args);
  readonly info: LogFn = (...args: Parameters<LogFn>) => this.log('info', args);
  readonly debug: LogFn = (...args: Parameters<LogFn>) => this.log('debug', args);
  readonly trace: LogFn = (...args: Parameters<LogFn>) => this.log('trace', args);
  readonly silent: LogFn = () => undefined;

  get level(): string {
    return this.logger?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.logger ? this.logger.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private log(level: Level, args: Parameters<LogFn>): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.real();
    Reflect.apply(logger[level], logger, args);
  }

  private real(): PinoLogger {
    return (this.logger ??= this.parent.child(this.bindings, this.options));
  }
}

/**
 * The logger for the one line each request writes when it completes. Its
 * fields are fixed (method, route template, status, duration, ids), so it
 * skips the redaction the main logger applies to everything, which was half
 * the cost of writing the line.
 */
export function accessLogger(logger: PinoLogger): PinoLogger {
  return logger.child({}, { redact: [] });
}
