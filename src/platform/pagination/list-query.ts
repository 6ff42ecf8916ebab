import { IsOptional, IsString, Length, Matches } from 'class-validator';
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
