/**
 * What the pool checks before it hands out a connection: that it is idle and outside any transaction.
 *
 * When a statement times out on the client (a hung server), pg gives up on it but the server may still run it
 * once it answers again. A late `BEGIN` then leaves the connection inside a transaction nobody will commit: every
 * "autocommit" write a later request makes on it is acknowledged and silently lost when that session ends. So a
 * connection still waiting for an answer, or whose last answer said "in a transaction", is discarded (the
 * pool closes it, and PostgreSQL rolls back whatever it held) instead of reused.
 */
const TRANSACTION_STATUS = Symbol('transactionStatus');

/** The parts of a pg Client used here. */
export interface PooledConnection {
  /** false while a statement it sent has not been answered. */
  readyForQuery?: boolean;
  /** pg's protocol connection: emits every ReadyForQuery message, whose status is I (idle), T (in a transaction) or E (failed one). */
  connection?: { on(event: 'readyForQuery', listener: (message: { status?: string }) => void): void };
  [TRANSACTION_STATUS]?: string;
}

export const poolHygiene = {
  afterCreate(connection: PooledConnection, done: (error: Error | null, connection: PooledConnection) => void): void {
    connection.connection?.on('readyForQuery', (message) => {
      connection[TRANSACTION_STATUS] = message.status;
    });
    done(null, connection);
  },

  validate(connection: PooledConnection): boolean {
    return connection.readyForQuery !== false && (connection[TRANSACTION_STATUS] ?? 'I') === 'I';
  },
};
