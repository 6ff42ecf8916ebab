import { Migration } from '@mikro-orm/migrations';

/** A league's rating setting (issue 43): which model rates its players, with its options; null = not rated. */
export class LeagueRating20261127170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table leagues add column rating jsonb check (rating is null or jsonb_typeof(rating) = 'object')");
  }

  override async down(): Promise<void> {
    this.addSql('alter table leagues drop column rating');
  }
}
