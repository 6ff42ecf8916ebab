import type { EntityManager, EntitySchema } from '@mikro-orm/postgresql';
import { parseTimestamptz } from './pg-timestamp';

interface Column {
  property: string;
  field: string;
  kind: 'date' | 'json' | 'plain';
  /** A formula (a count, say): read when the query selects it under its field name, never written. */
  computed: boolean;
}

/**
 * Rows of one EntitySchema's table as plain domain objects, for adapters whose
 * hot paths read and write with their own SQL: no identity map, no change set,
 * no snapshot per row. The column list comes from the schema, so it is written
 * once. Values are converted as MikroORM would (timestamps arrive as text).
 */
export class PlainRows<T extends object> {
  private columnList: Column[] | undefined;
  private storedList: Column[] | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly schema: EntitySchema<T>,
  ) {}

  /** Stored column names, in the order `values` lists them. */
  get fields(): string[] {
    return this.stored().map((column) => column.field);
  }

  toEntity(row: Record<string, unknown>): T {
    // The constructor defines every field as an own property, so MikroORM's change-tracking setters on the prototype never run.
    const entity = new (this.schema.meta.class as new () => Record<string, unknown>)();
    for (const { property, field, kind, computed } of this.columns()) {
      const value = row[field];
      if (computed && value === undefined) continue;
      entity[property] = kind === 'date' && typeof value === 'string' ? parseTimestamptz(value) : value;
    }
    return entity as T;
  }

  /** The entity's values for `fields`, ready to bind. */
  values(entity: T): unknown[] {
    const record = entity as Record<string, unknown>;
    return this.stored().map(({ property, kind }) => {
      const value = record[property];
      return kind === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value;
    });
  }

  private stored(): Column[] {
    return (this.storedList ??= this.columns().filter((column) => !column.computed));
  }

  private columns(): Column[] {
    this.columnList ??= this.em
      .getMetadata()
      .get(this.schema.meta.className)
      .props.filter((prop) => prop.fieldNames?.length === 1)
      .map((prop) => ({
        property: prop.name as string,
        field: prop.fieldNames[0],
        kind: prop.runtimeType === 'Date' ? 'date' : prop.type === 'json' || prop.runtimeType === 'object' ? 'json' : 'plain',
        computed: prop.persist === false,
      }));
    return this.columnList;
  }
}
