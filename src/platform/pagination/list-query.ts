import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { CommaList } from '../http/validation/decorators';
import { DEFAULT_PAGE_SIZE } from './page';

/** Query parameters every list takes (spec §7); a resource's list query extends it with its sort and filters. */
export class ListQuery {
  @IsOptional() @Matches(/^(100|[1-9][0-9]?)$/, { message: 'limit must be a whole number from 1 to 100.' })
  limit?: string;

  @IsOptional() @IsString() @Length(1, 1000)
  cursor?: string;

  /** The page size asked for, or the default. */
  pageSize(): number {
    return this.limit ? Number(this.limit) : DEFAULT_PAGE_SIZE;
  }
}

/** A `sort` parameter's value: a sort field, with a leading `-` for descending. */
export type SortParameter<F extends string> = F | `-${F}`;

/** Every value `sort` takes for these fields, each ascending then descending. */
export function sortsOf<F extends string>(fields: readonly F[]): SortParameter<F>[] {
  return fields.flatMap((field) => [field, `-${field}` as const]);
}

/** The `sort` parameter of a list: one of the fields, ascending or (with a leading `-`) descending. */
export function SortedBy(fields: readonly string[]): PropertyDecorator {
  const sorts = sortsOf(fields);
  return stacked(IsOptional(), IsIn(sorts, { message: `sort must be one of ${sorts.join(', ')}.` }));
}

/** A `status` filter: statuses comma-separated (`status=a,b`) or repeated (`status=a&status=b`). */
export function StatusList(statuses: readonly string[]): PropertyDecorator {
  const one = `(${statuses.join('|')})`;
  return stacked(
    IsOptional(),
    CommaList(),
    Matches(new RegExp(`^${one}(,${one})*$`), { message: `status must be a comma-separated list of ${statuses.join(', ')}.` }),
  );
}

/** Decorators applied as if written one above the other on the property, in this order. */
function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}
