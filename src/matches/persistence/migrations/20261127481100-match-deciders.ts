import { Migration } from '@mikro-orm/migrations';

/** Issue 40: a knockout match reported with level scores keeps what settled it ({method, scores}); null otherwise. */
export class MatchDeciders20261127481100 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table matches add column decider jsonb');
  }

  override async down(): Promise<void> {
    this.addSql('alter table matches drop column decider');
  }
}
