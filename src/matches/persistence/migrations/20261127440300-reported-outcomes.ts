import { Migration } from '@mikro-orm/migrations';

/** Issue 44: a reported result may say it was not played out (a forfeit, a retirement, a double forfeit). */
export class ReportedOutcomes20261127440300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table matches add column reported_outcome text check (reported_outcome in ('forfeit', 'retired', 'double_forfeit'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table matches drop column reported_outcome');
  }
}
