import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger, LoggerOptions } from 'pino';
import pinoPretty, { MessageFormatFunc } from 'pino-pretty';
import { LogFormat, LogLevel } from '../config/app-config';
import { wireInstant } from './http/wire-instant';
import { LineBatches } from './line-batches';

/**
 * One event per line on stdout (or stderr for the command line): JSON for
 * machines, or human-readable through pino-pretty when the stream is a
 * terminal (or LOG_FORMAT=pretty). Authorization headers and anything named
 * like a secret are redacted, as a second fence behind never logging them
 * (except in the one line per request, whose fields are fixed: request-logger.ts).
 * `buffered` (the server) writes asynchronously and in batches (LineBatches):
 * lines gather until 8 KiB are waiting or 100 ms have passed, then go out in
 * one write on libuv's thread pool. Under load a write per request line (each a round trip
 * through a pool thread and back) cost a list request 9 % of its CPU; a batch
 * is some thirty lines. Lines still waiting are written synchronously at exit.
 */
export function createLogger(level: LogLevel, destination: 1 | 2 = 1, format?: LogFormat, buffered = false): PinoLogger {
  const options: LoggerOptions = {
    level,
    base: { service: 'tournament-league-service' },
    // pino's isoTime, through the cheaper formatter (one line per request).
    timestamp: () => `,"time":"${wireInstant(new Date())}"`,
    redact: {
      paths: ['req.headers.authorization', '*.authorization', '*.token', '*.password', 'token', 'password'],
      censor: '[redacted]',
    },
  };
  if ((format ?? defaultFormat(destination)) === 'pretty') {
    // Synchronous, in this thread: the last lines before an exit are never lost.
    const pretty = pinoPretty({
      destination,
      sync: true,
      colorize: isTerminal(destination),
      ignore: 'pid,hostname,service',
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      messageFormat: requestLineFormat,
    });
    return pino(options, pretty);
  }
  const stream = buffered ? new LineBatches(pino.destination({ dest: destination, sync: false }), LOG_BATCH_CHARS, LOG_FLUSH_MS) : pino.destination(destination);
  return pino({ ...options, formatters: { level: (label) => ({ level: label }) } }, stream);
}

/**
 * In the pretty format, the one line per request reads as `GET /api/v1/tournaments 200 3.4 ms`, its status coloured
 * (green, cyan, yellow for 4xx, red for 5xx), so a 401 or a 500 stands out among the 200s; its JSON fields follow.
 */
const requestLineFormat: MessageFormatFunc = (log, messageKey, _level, { colors }) => {
  const message = String(log[messageKey] ?? '');
  if (message !== 'request completed' || typeof log.status !== 'number') return message;
  const status = log.status;
  const paint = status >= 500 ? colors.red : status >= 400 ? colors.yellow : status >= 300 ? colors.cyan : colors.green;
  return `${String(log.method)} ${String(log.route ?? log.path ?? '?')} ${paint(String(status))} ${String(log.duration_ms)} ms`;
};

/** A buffered logger's batch: written once this much is waiting, or after LOG_FLUSH_MS, whichever comes first. */
const LOG_BATCH_CHARS = 8 * 1024;
const LOG_FLUSH_MS = 100;

function defaultFormat(destination: 1 | 2): LogFormat {
  return isTerminal(destination) ? 'pretty' : 'json';
}

function isTerminal(destination: 1 | 2): boolean {
  return Boolean((destination === 1 ? process.stdout : process.stderr).isTTY);
}

/** Nest's start-up chatter (a line per module, controller and route): useful when debugging, noise otherwise. */
const FRAMEWORK_START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** Routes Nest's own messages (start-up, errors) into the same stream. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log(message: unknown, context?: string): void {
    if (context !== undefined && FRAMEWORK_START_UP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, stack: trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
