import { Migration } from '@mikro-orm/migrations';

/**
 * Series (issue 44): how many games a match is the best of, a number or `{ default, rounds }` (null: 1). The domain
 * checks what fits the format; the check here keeps the column's shape.
 */
export class BestOf20261127440100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tournaments add column best_of jsonb check (best_of is null or jsonb_typeof(best_of) in ('number', 'object'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table tournaments drop column best_of');
  }
}
