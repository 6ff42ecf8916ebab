import { JsonType, type EntityManager, type EntitySchema } from '@mikro-orm/postgresql';
import { parseTimestamptz } from './pg-timestamp';
import type { ArrayRows } from './sql';

interface Column {
  property: string;
  field: string;
  kind: 'date' | 'json' | 'plain';
  /** Kept by the database (a count its triggers maintain, `persist: false`): read like any column, never written. */
  readOnly: boolean;
}

/**
 * Rows of one EntitySchema's table as plain domain objects, for adapters whose
 * hot paths read and write with their own SQL: no identity map, no change set,
 * no snapshot per row. The column list comes from the schema, so it is written
 * once. Values are converted as MikroORM would (timestamps arrive as text).
 */
export class PlainRows<T extends object> {
  private columnList: Column[] | undefined;
  private writtenList: Column[] | undefined;
  private mapRow: ((row: Record<string, unknown>) => T) | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly schema: EntitySchema<T>,
  ) {}

  /** The columns the application writes, in the order `values` lists them. */
  get fields(): string[] {
    return this.written().map((column) => column.field);
  }

  toEntity(row: Record<string, unknown>): T {
    this.mapRow ??= rowMapper(this.schema.meta.class as new () => T, this.columns());
    return this.mapRow(row);
  }

  /** The entities of rows read as arrays (`queryArrays`), each column found by its position in the result. */
  entitiesOf(result: ArrayRows): T[] {
    const columns = this.columns();
    const positions = columns.map((column) => result.columns.lastIndexOf(column.field));
    const entityClass = this.schema.meta.class as new () => T;
    return result.rows.map((values) => {
      const entity = new entityClass() as Record<string, unknown>;
      for (let index = 0; index < columns.length; index++) {
        const value = positions[index] < 0 ? undefined : values[positions[index]];
        entity[columns[index].property] = columns[index].kind === 'date' && typeof value === 'string' ? parseTimestamptz(value) : value;
      }
      return entity as T;
    });
  }

  /** The entity's values for `fields`, ready to bind. */
  values(entity: T): unknown[] {
    const record = entity as Record<string, unknown>;
    return this.written().map(({ property, kind }) => {
      const value = record[property];
      return kind === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value;
    });
  }

  /** One entity's insert: `insert into <table> (…) values (?, …)` and the values to bind. */
  insert(table: string, entity: T): { sql: string; values: unknown[] } {
    const fields = this.fields;
    return { sql: `insert into ${table} (${fields.join(', ')}) values (${fields.map(() => '?').join(', ')})`, values: this.values(entity) };
  }

  /** An update's assignments, `column = ?, …` for every written column but those `kept`, and the values to bind. */
  assignments(entity: T, kept: ReadonlySet<string>): { sql: string; values: unknown[] } {
    const values = this.values(entity);
    const assignments: string[] = [];
    const bound: unknown[] = [];
    this.fields.forEach((field, index) => {
      if (kept.has(field)) return;
      assignments.push(`${field} = ?`);
      bound.push(values[index]);
    });
    return { sql: assignments.join(', '), values: bound };
  }

  private written(): Column[] {
    return (this.writtenList ??= this.columns().filter((column) => !column.readOnly));
  }

  private columns(): Column[] {
    this.columnList ??= this.em
      .getMetadata()
      .get(this.schema.meta.className)
      .props.filter((prop) => prop.fieldNames?.length === 1)
      .map((prop) => ({
        property: prop.name as string,
        field: prop.fieldNames[0],
        // JSON properties are bound as JSON text, so that inside a transaction, where MikroORM formats the values
        // itself, a metadata key such as `constructor` or `toString` is not taken for the object's own member.
        kind: prop.runtimeType === 'Date' ? 'date' : isJson(prop) ? 'json' : 'plain',
        readOnly: prop.persist === false,
      }));
    return this.columnList;
  }
}

/** A JSON column, whatever its value (an object, or an array, which pg would otherwise send as a PostgreSQL array). */
function isJson(prop: { type: string; runtimeType: string; columnTypes?: string[]; customType?: unknown }): boolean {
  return prop.customType instanceof JsonType || prop.type === 'json' || prop.runtimeType === 'object' || /^jsonb?$/.test(prop.columnTypes?.[0] ?? '');
}

/**
 * A row-to-entity function for one schema's columns. The constructor defines every field as an own property, so
 * MikroORM's change-tracking setters on the prototype never run.
 */
function rowMapper<T>(entityClass: new () => T, columns: Column[]): (row: Record<string, unknown>) => T {
  const properties = columns.map((column) => column.property);
  const fields = columns.map((column) => column.field);
  const dates = columns.map((column) => column.kind === 'date');
  const count = columns.length;
  return (row) => {
    const entity = new entityClass() as Record<string, unknown>;
    for (let index = 0; index < count; index++) {
      const value = row[fields[index]];
      entity[properties[index]] = dates[index] && typeof value === 'string' ? parseTimestamptz(value) : value;
    }
    return entity as T;
  };
}
