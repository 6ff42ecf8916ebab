import { createHash } from 'node:crypto';
import { EntityManager, Knex, TransactionContext } from '@mikro-orm/postgresql';
import { HeldConnections, PoolClient } from './held-connections';
import type { PooledConnection } from './pool-hygiene';

/**
 * The one way to run hand-written SQL: `queryRows` for a statement that returns rows, `writeRows` for one that does
 * not. `sql` uses `?` placeholders (or PostgreSQL's own `$1`, `$2`, … where a value appears twice); the values reach PostgreSQL as bind parameters of a named prepared statement,
 * parsed and planned once per connection. Rows are pg's plain objects keyed by column name.
 *
 * Both run on MikroORM's own pool and transaction context: inside `em.transactional` (UnitOfWork) on the
 * transaction's connection, so they read what it wrote and commit or roll back with it; elsewhere on a connection of
 * the ORM's pool. Unlike `em.execute`, which splices the values, escaped, into the SQL text on the event loop and logs
 * each statement, nothing here formats a value.
 */
export interface QueryOptions {
  /**
   * Planned for its values on every execution (an unnamed statement): for a query whose best plan depends on a value,
   * such as `name ilike '%…%'`, where a generic plan cannot weigh the trigram index and PostgreSQL may settle on
   * walking the whole sort index.
   */
  planEachTime?: boolean;
}

export async function queryRows<R>(em: EntityManager, sql: string, values: readonly unknown[], options: QueryOptions = {}): Promise<R[]> {
  const statement = statementFor(sql);
  const result = await run(em, options.planEachTime ? { text: statement.text } : statement, values);
  return result.rows as R[];
}

/** Rows as arrays of values in column order, with the column names: for `PlainRows.entitiesOf` on hot reads. */
export interface ArrayRows {
  columns: string[];
  rows: unknown[][];
}

/**
 * As `queryRows`, but each row an array, read by position: a list page's rows become entities without first becoming
 * objects keyed by column name (pg builds one per row, a keyed write per column).
 */
export async function queryArrays(em: EntityManager, sql: string, values: readonly unknown[], options: QueryOptions = {}): Promise<ArrayRows> {
  const statement = statementFor(sql);
  const result = await run(em, { ...(options.planEachTime ? { text: statement.text } : statement), rowMode: 'array' }, values);
  return { columns: result.fields.map((field) => field.name), rows: result.rows as unknown[][] };
}

/** Returns how many rows the statement affected. */
export async function writeRows(em: EntityManager, sql: string, values: readonly unknown[], options: QueryOptions = {}): Promise<number> {
  const statement = statementFor(sql);
  return (await run(em, options.planEachTime ? { text: statement.text } : statement, values)).rowCount ?? 0;
}

/**
 * The transaction's EntityManager when this code runs inside `em.transactional` (UnitOfWork). Asked of MikroORM's
 * transaction context directly: `em.getTransactionContext()` would resolve the request's context, which forks it.
 */
export function openTransaction(em: EntityManager): EntityManager | undefined {
  const transactional = TransactionContext.getEntityManager(em.name) as EntityManager | undefined;
  return transactional?.getTransactionContext() ? transactional : undefined;
}

interface PgResult {
  rows: unknown[];
  rowCount: number | null;
  fields: { name: string }[];
}

interface Statement {
  name?: string;
  text: string;
  rowMode?: 'array';
}

interface PgConnection extends PooledConnection {
  query(config: Statement & { values: readonly unknown[] }): Promise<PgResult>;
}

/** knex's `Client` (typed `any` on a knex instance): its public `acquireConnection` hands out the driver's connections. */
type KnexClient = Pick<PoolClient<PgConnection>, 'acquireConnection'>;

async function run(em: EntityManager, statement: Statement, values: readonly unknown[]): Promise<PgResult> {
  const query = { ...statement, values };
  // Inside a transaction, knex's transaction client hands out the one connection the transaction holds.
  const transaction = openTransaction(em)?.getTransactionContext<Knex.Transaction>();
  if (transaction) return ((await (transaction.client as KnexClient).acquireConnection()) as PgConnection).query(query);
  // The driver's pool is shared by every fork: reaching it this way does not resolve (or fork) the request's context.
  const client = em.getConnection().getKnex().client as PoolClient<PgConnection>;
  let connections = held.get(client);
  if (!connections) held.set(client, (connections = new HeldConnections(client)));
  return connections.use((connection) => connection.query(query));
}

/** Per pool (one per MikroORM instance), the connections kept between statements. */
const held = new WeakMap<object, HeldConnections<PgConnection>>();

const statements = new Map<string, { name: string; text: string }>();

function statementFor(sql: string): { name: string; text: string } {
  let statement = statements.get(sql);
  if (!statement) {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    statement = { name: `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
    statements.set(sql, statement);
  }
  return statement;
}
