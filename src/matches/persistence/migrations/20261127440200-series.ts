import { Migration } from '@mikro-orm/migrations';

/** Series (issue 44): a match keeps its games, and is `in_progress` while a series is undecided. Existing matches have no games. */
export class Series20261127440200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table matches
        add column games jsonb not null default '[]',
        drop constraint matches_status_check,
        add constraint matches_status_check check (status in ('pending', 'ready', 'in_progress', 'completed'))`);
    // The default only filled the existing rows: every write names its games.
    this.addSql('alter table matches alter column games drop default');
  }

  override async down(): Promise<void> {
    this.addSql(`update matches set status = 'ready' where status = 'in_progress'`);
    this.addSql(`
      alter table matches
        drop column games,
        drop constraint matches_status_check,
        add constraint matches_status_check check (status in ('pending', 'ready', 'completed'))`);
  }
}
