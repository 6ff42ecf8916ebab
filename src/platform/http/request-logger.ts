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

  // Methods on the prototype, not arrow properties: nothing is allocated per request until a line is logged.
  fatal(...args: Parameters<LogFn>): void {
    this.log('fatal', args);
  }

  error(...args: Parameters<LogFn>): void {
    this.log('error', args);
  }

  warn(...args: Parameters<LogFn>): void {
    this.log('warn', args);
  }

  info(...args: Parameters<LogFn>): void {
    this.log('info', args);
  }

  debug(...args: Parameters<LogFn>): void {
    this.log('debug', args);
  }

  trace(...args: Parameters<LogFn>): void {
    this.log('trace', args);
  }

  silent(): void {}

  get level(): string {
    return this.logger?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    // A route's own logLevel makes the child's level differ from the parent's: ask the child then.
    return this.logger || this.options.level !== undefined ? this.real().isLevelEnabled(level) : this.parent.isLevelEnabled(level);
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
