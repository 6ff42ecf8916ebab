import { Migration } from '@mikro-orm/migrations';

/**
 * A result marks its tournament's table as changed (docs/events.md, "standings.changed"): the row is written (or its
 * version raised) in the reporting transaction, and a refresher on any instance appends the table as an event and
 * deletes the row if its version is still the one it started from. A report no longer reads the whole tournament,
 * and a burst of results gives one table.
 */
export class StandingsRefreshes20261125800100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table standings_refreshes (
        account_id uuid not null references accounts (id) on delete cascade,
        tournament_id uuid not null,
        requested_at timestamptz not null default now(),
        version integer not null default 1,
        constraint standings_refreshes_pkey primary key (account_id, tournament_id),
        constraint standings_refreshes_tournament_fk foreign key (account_id, tournament_id) references tournaments (account_id, id) on delete cascade
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table standings_refreshes');
  }
}
