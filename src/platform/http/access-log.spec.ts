import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino, { LoggerOptions } from 'pino';
import { AccessLog, CompletedRequest } from './access-log';

/** A logger set up as createLogger sets up the server's (level labels, its own time, a base, redaction), into an array. */
function capturingLogger(options: LoggerOptions = {}): { logger: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(
    {
      level: 'info',
      base: { service: 'tournament-league-service' },
      timestamp: () => ',"time":"2026-11-24T18:00:00.000Z"',
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['*.token', 'token'], censor: '[redacted]' },
      ...options,
    },
    stream,
  );
  return { logger, lines };
}

/** The line as pino's own path writes it. */
function pinoLine(entry: CompletedRequest, options?: LoggerOptions): string {
  const { logger, lines } = capturingLogger(options);
  logger.info(
    { request_id: entry.requestId, method: entry.method, route: entry.route, path: entry.path, status: entry.status, duration_ms: entry.durationMs, account_id: entry.accountId },
    'request completed',
  );
  return lines[0];
}

function accessLine(entry: CompletedRequest, options?: LoggerOptions): string[] {
  const { logger, lines } = capturingLogger(options);
  new AccessLog(logger).completed(entry);
  return lines;
}

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('say "hi"', 'back\\slash', 'tab\there', 'line\nbreak', '\u0000', 'ünïcödé'));
const entries = fc.record({
  requestId: text,
  method: fc.oneof(fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'), text),
  route: fc.option(text, { nil: null }),
  path: fc.option(text, { nil: undefined }),
  status: fc.integer({ min: 100, max: 599 }),
  durationMs: fc.oneof(fc.double(), fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths / 10)),
  accountId: fc.option(fc.oneof(fc.uuid(), text), { nil: null }),
});

const sample: CompletedRequest = {
  requestId: '0b7c2f9e-3c4e-4c1a-9f0e-1b2c3d4e5f60',
  method: 'GET',
  route: '/api/v1/tournaments/:id',
  status: 200,
  durationMs: 3.4,
  accountId: '01938a7e-1234-7abc-8def-0123456789ab',
};

describe('AccessLog', () => {
  it('writes, byte for byte, the line pino writes for the same fields', () => {
    fc.assert(
      fc.property(entries, (entry) => {
        expect(accessLine(entry)).toEqual([pinoLine(entry)]);
      }),
      { numRuns: 300 },
    );
  });

  it('follows the logger: numeric levels, no base, a child’s bindings, pino’s own time', () => {
    expect(accessLine(sample, { formatters: {}, base: undefined })).toEqual([pinoLine(sample, { formatters: {}, base: undefined })]);
    const { logger, lines } = capturingLogger({ timestamp: pino.stdTimeFunctions.epochTime });
    new AccessLog(logger.child({ instance: 'a"b' })).completed(sample);
    expect(JSON.parse(lines[0])).toEqual(expect.objectContaining({ instance: 'a"b', level: 'info', time: expect.any(Number), request_id: sample.requestId, msg: 'request completed' }));
  });

  it('writes nothing below the logger’s level', () => {
    expect(accessLine(sample, { level: 'warn' })).toEqual([]);
  });

  it('goes through pino for a logger whose lines it cannot imitate (a mixin, a log formatter)', () => {
    const mixin = () => ({ extra: 1 });
    expect(accessLine(sample, { mixin })).toEqual([pinoLine(sample, { mixin })]);
    expect(JSON.parse(accessLine(sample, { mixin })[0])).toEqual(expect.objectContaining({ extra: 1, route: sample.route }));
    const formatters = { level: (label: string) => ({ level: label }), log: (object: Record<string, unknown>) => ({ ...object, formatted: true }) };
    expect(JSON.parse(accessLine(sample, { formatters })[0])).toEqual(expect.objectContaining({ formatted: true, status: 200 }));
  });
});
