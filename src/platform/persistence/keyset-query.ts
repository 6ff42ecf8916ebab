import { KeysetPosition } from '../pagination/cursor';
import { SortDirection } from '../pagination/page';

/** How to sort by one field: the SQL expression (matching an index) and its type for comparisons. */
export type SortKeys<F extends string> = Record<F, { expression: string; type: 'timestamptz' | 'date' | 'text' | 'bigint' }>;

/** A hand-written keyset statement: `?` placeholders and their values, in order. */
export interface KeysetStatement {
  sql: string;
  values: unknown[];
}

/**
 * `select <columns>, <key>::text as sort_key ... where (<key>, id) > (?, ?) order by <key>, id limit ?`: keyset
 * pagination. The row comparison lets PostgreSQL seek straight into the index, so page 1000 costs what page 1 does,
 * and ties on the key break on id, so rows never repeat or go missing between pages while data changes.
 * `conditions` are SQL fragments with `?` placeholders, AND-ed after the keyset comparison.
 * The text depends only on which conditions apply and on the sort, so each shape is prepared once per connection.
 */
export function keysetSql<F extends string>(
  table: string,
  columns: string,
  sortKeys: SortKeys<F>,
  query: { sort: { field: F; direction: SortDirection }; after?: KeysetPosition; limit: number },
  conditions: KeysetStatement,
): KeysetStatement {
  const { expression, type } = sortKeys[query.sort.field];
  const direction = query.sort.direction;
  const where = conditions.sql ? [conditions.sql] : [];
  const values = [...conditions.values];
  if (query.after) {
    where.push(`(${expression}, id) ${direction === 'asc' ? '>' : '<'} (?::${type}, ?::uuid)`);
    values.push(query.after.value ?? 'infinity', query.after.id);
  }
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  values.push(query.limit);
  return {
    sql: `select ${columns}, (${expression})::text as sort_key from ${table}${whereSql} order by ${expression} ${direction}, id ${direction} limit ?`,
    values,
  };
}

/** A WHERE clause built one condition at a time, each with `?` placeholders and its values, joined by `and`. */
export class Conditions {
  private readonly where: string[] = [];
  private readonly values: unknown[] = [];

  add(sql: string, ...bound: unknown[]): this {
    this.where.push(sql);
    this.values.push(...bound);
    return this;
  }

  statement(): KeysetStatement {
    return { sql: this.where.join(' and '), values: this.values };
  }
}
