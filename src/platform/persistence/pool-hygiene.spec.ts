import { EventEmitter } from 'node:events';
import { poolHygiene } from './pool-hygiene';

describe('poolHygiene', () => {
  /** A stand-in for a pg Client: its protocol connection emits ReadyForQuery with the transaction status. */
  function aConnection() {
    const protocol = new EventEmitter();
    const connection = { readyForQuery: true, connection: protocol };
    poolHygiene.afterCreate(connection, () => undefined);
    const answered = (status: 'I' | 'T' | 'E') => {
      connection.readyForQuery = true;
      protocol.emit('readyForQuery', { status });
    };
    return { connection, answered };
  }

  it('hands out a connection that is idle outside any transaction', () => {
    const { connection, answered } = aConnection();
    expect(poolHygiene.validate(connection)).toBe(true);
    answered('I');
    expect(poolHygiene.validate(connection)).toBe(true);
  });

  it('discards a connection still waiting for an answer (a statement the client gave up on)', () => {
    const { connection } = aConnection();
    connection.readyForQuery = false;
    expect(poolHygiene.validate(connection)).toBe(false);
  });

  it.each(['T', 'E'] as const)('discards a connection whose last answer said it is inside a transaction (%s), as after a late BEGIN', (status) => {
    const { connection, answered } = aConnection();
    answered(status);
    expect(poolHygiene.validate(connection)).toBe(false);
  });
});
