import { createHash } from 'node:crypto';
import { EntityManager, TransactionContext } from '@mikro-orm/postgresql';

interface PgResult {
  rows: unknown[];
  rowCount: number | null;
}

interface PgConnection {
  query(config: { name?: string; text: string; values: readonly unknown[] }): Promise<PgResult>;
}

/**
 * Runs a hot read as a named prepared statement on a connection of MikroORM's
 * own pool: PostgreSQL parses and plans each statement once per connection,
 * and the call skips the ORM's query formatting and logging. Inside a
 * transaction (UnitOfWork) it goes through MikroORM on the transaction's
 * connection instead, so it reads what the transaction wrote.
 * `sql` uses `?` placeholders, as em.execute does.
 */
export async function preparedRows<R>(em: EntityManager, sql: string, values: readonly unknown[]): Promise<R[]> {
  const transaction = openTransaction(em);
  if (transaction) return transaction.execute<R[]>(sql, [...values]);
  return (await run(em, statementFor(sql), values)).rows as R[];
}

/**
 * As `preparedRows`, but planned for its values on every execution (an unnamed statement): for a query whose best
 * plan depends on a value, such as `name ilike '%…%'`, where a generic plan cannot weigh the trigram index and
 * PostgreSQL may settle on walking the whole sort index.
 */
export async function plannedRows<R>(em: EntityManager, sql: string, values: readonly unknown[]): Promise<R[]> {
  const transaction = openTransaction(em);
  if (transaction) return transaction.execute<R[]>(sql, [...values]);
  return (await run(em, { text: statementFor(sql).text }, values)).rows as R[];
}

/** A write the same way; returns how many rows it affected. */
export async function preparedWrite(em: EntityManager, sql: string, values: readonly unknown[]): Promise<number> {
  const transaction = openTransaction(em);
  if (transaction) return (await transaction.execute<{ affectedRows: number }>(sql, [...values], 'run')).affectedRows;
  return (await run(em, statementFor(sql), values)).rowCount ?? 0;
}

/**
 * The transaction's EntityManager when this code runs inside `em.transactional` (UnitOfWork). Asked of MikroORM's
 * transaction context directly: `em.getTransactionContext()` would resolve the request's context, which forks it.
 */
function openTransaction(em: EntityManager): EntityManager | undefined {
  const transactional = TransactionContext.getEntityManager(em.name) as EntityManager | undefined;
  return transactional?.getTransactionContext() ? transactional : undefined;
}

async function run(em: EntityManager, statement: { name?: string; text: string }, values: readonly unknown[]): Promise<PgResult> {
  // The driver's pool is shared by every fork: reaching it this way does not resolve (or fork) the request's context.
  const client = em.getConnection().getKnex().client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    return await connection.query({ ...statement, values });
  } finally {
    await client.releaseConnection(connection);
  }
}

const statements = new Map<string, { name: string; text: string }>();

function statementFor(sql: string): { name: string; text: string } {
  let statement = statements.get(sql);
  if (!statement) {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    statement = { name: nameOf(text), text };
    statements.set(sql, statement);
  }
  return statement;
}

function nameOf(text: string): string {
  return `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}
