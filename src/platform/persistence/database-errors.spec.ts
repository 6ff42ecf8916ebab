import { isDatabaseUnavailable } from './database-errors';
import { TransactionEndedBeforeStartError } from './transaction-failure.subscriber';

describe('isDatabaseUnavailable', () => {
  const withCause = (cause: object) => Object.assign(new Error('DriverException'), { cause });

  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a statement cancelled by statement_timeout', { code: '57014' }],
    ['a transaction ended for idling', { code: '25P03' }],
    ['an admin shutdown', { code: '57P01' }],
    ["pg's client-side query timeout", new Error('Query read timeout')],
    ["pg's connect timeout, wrapped", withCause(new Error('timeout expired'))],
    ['a lock not granted in time', { code: '55P03' }],
    ['a deadlock broken by cancelling this side', { code: '40P01' }],
    ['a statement on a connection lost mid-transaction', new Error('Client was closed and is not queryable')],
    ['a transaction whose BEGIN failed silently', new TransactionEndedBeforeStartError()],
    ['a pool acquire timeout', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
  ])('recognises %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a NUL in text (bad input, not an outage)', { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }],
    ['a NUL escape in jsonb', { code: '22P05', message: 'unsupported Unicode escape sequence' }],
    ['a value out of range', { code: '22008', message: 'date/time field value out of range' }],
    ['a unique violation', { code: '23505' }],
    ['a protocol violation (a NUL sent inside a text parameter)', { code: '08P01', message: 'invalid message format' }],
    ['a bug', new TypeError('x is undefined')],
  ])('does not mistake %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
