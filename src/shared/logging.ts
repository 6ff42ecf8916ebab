import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';
import { LogLevel } from '../config/app-config';

/**
 * One JSON line per event on stdout. Authorization headers and anything named
 * like a secret are redacted, as a second fence behind never logging them.
 */
export function createLogger(level: LogLevel, destination: 1 | 2 = 1): PinoLogger {
  return pino(
    {
    level,
    base: { service: 'tournament-league-service' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', '*.authorization', '*.token', '*.password', 'token', 'password'],
      censor: '[redacted]',
    },
    formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination(destination),
  );
}

/** Routes Nest's own messages (start-up, errors) into the same JSON stream. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
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
