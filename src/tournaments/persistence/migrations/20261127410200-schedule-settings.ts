import { Migration } from '@mikro-orm/migrations';

/** A tournament's schedule settings (issue 41): starts_at, match_minutes, rest_minutes, windows; null: the defaults. */
export class ScheduleSettings20261127410200 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table tournaments add column schedule jsonb');
  }

  override async down(): Promise<void> {
    this.addSql('alter table tournaments drop column schedule');
  }
}
