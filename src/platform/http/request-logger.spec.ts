import { Writable } from 'node:stream';
import pino from 'pino';
import { RequestLogger } from './request-logger';

function capturingLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info', redact: { paths: ['token', '*.token'], censor: '[redacted]' } }, stream);
  return { logger, lines };
}

describe('RequestLogger', () => {
  it('makes its pino child only when a line is logged, with the request bindings', () => {
    const { logger, lines } = capturingLogger();
    const child = jest.spyOn(logger, 'child');
    const requestLog = new RequestLogger(logger, { request_id: 'r-1' }, {});
    requestLog.debug('below the level');
    expect(child).not.toHaveBeenCalled();
    requestLog.warn({ token: 'secret' }, 'something odd');
    requestLog.error('and again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ request_id: 'r-1', token: '[redacted]', msg: 'something odd', level: 40 }),
      expect.objectContaining({ request_id: 'r-1', msg: 'and again', level: 50 }),
    ]);
  });

  it('reports and changes its level like a pino child', () => {
    const { logger } = capturingLogger();
    const requestLog = new RequestLogger(logger, { request_id: 'r-2' }, {});
    expect(requestLog.level).toBe('info');
    requestLog.level = 'debug';
    expect(requestLog.level).toBe('debug');
    expect(requestLog.isLevelEnabled('debug')).toBe(true);
    expect(logger.level).toBe('info');
  });

  it('honours a route level (Fastify passes it as a child option)', () => {
    const { logger, lines } = capturingLogger();
    const requestLog = new RequestLogger(logger, { request_id: 'r-4' }, { level: 'debug' });
    expect(requestLog.isLevelEnabled('debug')).toBe(true);
    requestLog.debug('kept at debug');
    expect(lines).toEqual([expect.objectContaining({ request_id: 'r-4', msg: 'kept at debug', level: 20 })]);
  });
});
