import { createHash } from 'node:crypto';
import { EntityManager, Knex, TransactionContext } from '@mikro-orm/postgresql';
import { HeldConnections, PoolClient } from './held-connections';
import type { PooledConnection } from './pool-hygiene';

interface PgResult {
  rows: unknown[][];
  rowCount: number | null;
  fields: { name: string }[];
}

interface PgConnection extends PooledConnection {
  query(config: { name?: string; text: string; values: readonly unknown[]; rowMode: 'array' }): Promise<PgResult>;
}

interface Statement {
  name: string;
  text: string;
  /** The objects its rows become, once a result has named its columns. */
  rowShape?: RowShape;
}

interface RowShape {
  columns: string[];
  toRecord: (values: unknown[]) => Record<string, unknown>;
}

/**
 * Runs a hot read as a named prepared statement on a connection of MikroORM's
 * own pool: PostgreSQL parses and plans each statement once per connection,
 * and the call skips the ORM's query formatting and logging. Inside a
 * transaction (UnitOfWork) it runs the same way on the transaction's
 * connection, so it reads what the transaction wrote.
 * `sql` uses `?` placeholders, as em.execute does.
 */
export async function preparedRows<R>(em: EntityManager, sql: string, values: readonly unknown[]): Promise<R[]> {
  const statement = statementFor(sql);
  return records(statement, await run(em, statement, values)) as R[];
}

/**
 * As `preparedRows`, but planned for its values on every execution (an unnamed statement): for a query whose best
 * plan depends on a value, such as `name ilike '%…%'`, where a generic plan cannot weigh the trigram index and
 * PostgreSQL may settle on walking the whole sort index.
 */
export async function plannedRows<R>(em: EntityManager, sql: string, values: readonly unknown[]): Promise<R[]> {
  const statement = statementFor(sql);
  return records(statement, await run(em, { text: statement.text }, values)) as R[];
}

/** A write the same way; returns how many rows it affected. */
export async function preparedWrite(em: EntityManager, sql: string, values: readonly unknown[]): Promise<number> {
  return (await run(em, statementFor(sql), values)).rowCount ?? 0;
}

/**
 * A write whose values reach PostgreSQL as bind parameters, inside the open transaction or not: for large values
 * (a batch of rows as one JSON text) that em.execute would first splice, escaped, into the SQL text on the event loop.
 */
export async function boundWrite(em: EntityManager, sql: string, values: readonly Knex.Value[]): Promise<void> {
  const transaction = openTransaction(em);
  if (transaction) {
    await transaction.getTransactionContext<Knex.Transaction>()!.raw(sql, [...values]);
    return;
  }
  await run(em, { text: statementFor(sql).text }, values);
}

/**
 * The transaction's EntityManager when this code runs inside `em.transactional` (UnitOfWork). Asked of MikroORM's
 * transaction context directly: `em.getTransactionContext()` would resolve the request's context, which forks it.
 */
export function openTransaction(em: EntityManager): EntityManager | undefined {
  const transactional = TransactionContext.getEntityManager(em.name) as EntityManager | undefined;
  return transactional?.getTransactionContext() ? transactional : undefined;
}

async function run(em: EntityManager, statement: { name?: string; text: string }, values: readonly unknown[]): Promise<PgResult> {
  // Inside a transaction: its own connection (knex hands a transaction's client the one connection it holds), so
  // the statement reads what the transaction wrote and commits with it, prepared like any other.
  const transaction = openTransaction(em)?.getTransactionContext() as { client?: { acquireConnection(): Promise<PgConnection> } } | undefined;
  if (transaction?.client) return (await transaction.client.acquireConnection()).query({ name: statement.name, text: statement.text, values, rowMode: 'array' });
  // The driver's pool is shared by every fork: reaching it this way does not resolve (or fork) the request's context.
  const client = em.getConnection().getKnex().client as PoolClient<PgConnection>;
  let connections = held.get(client);
  if (!connections) held.set(client, (connections = new HeldConnections(client)));
  return connections.use((connection) => connection.query({ name: statement.name, text: statement.text, values, rowMode: 'array' }));
}

/** Per pool (one per MikroORM instance), the connections kept between statements. */
const held = new WeakMap<object, HeldConnections<PgConnection>>();

const statements = new Map<string, Statement>();

function statementFor(sql: string): Statement {
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

/**
 * The result's rows as objects keyed by column name, as the driver would make them. The driver hands them over as
 * arrays and a function written for the statement's columns turns each into one object literal: the driver's own
 * objects cost a keyed write per column. Columns sharing a
 * name keep the last one's value, as in the driver.
 */
function records(statement: Statement, result: PgResult): Record<string, unknown>[] {
  const shape = sameColumns(statement.rowShape, result.fields) ? statement.rowShape : (statement.rowShape = rowShapeOf(result.fields));
  return result.rows.map(shape.toRecord);
}

function sameColumns(shape: RowShape | undefined, fields: { name: string }[]): shape is RowShape {
  return shape !== undefined && shape.columns.length === fields.length && fields.every((field, index) => field.name === shape.columns[index]);
}

function rowShapeOf(fields: { name: string }[]): RowShape {
  const columns = fields.map((field) => field.name);
  // The names come from the database's description of the result, quoted as JSON strings.
  const members = columns.map((column, index) => `${JSON.stringify(column)}: values[${index}]`);
  const toRecord = new Function('values', `return { ${members.join(', ')} };`) as RowShape['toRecord'];
  return { columns, toRecord };
}
