import { Migration } from '@mikro-orm/migrations';

/**
 * tournaments.participant_count, stored: a list page reads it from the row instead of counting each
 * tournament's participants (20 subqueries a page). Statement-level triggers keep it right for every writer,
 * cascades included, one update per statement however many rows a batch adds. Every participant write already
 * holds the tournament's row lock (ParticipantsService), so the increments queue behind each other.
 * The count is not the tournament's `version`: a registration does not make a tournament PATCH stale.
 */
export class StoredParticipantCount20261122000500 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table tournaments add column participant_count integer not null default 0 check (participant_count >= 0)');
    this.addSql(`
      update tournaments t set participant_count = c.count
        from (select account_id, tournament_id, count(*)::int as count from participants group by 1, 2) c
       where t.account_id = c.account_id and t.id = c.tournament_id`);
    this.addSql(`
      create function count_participants() returns trigger language plpgsql as $$
      declare
        sign int := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update tournaments t set participant_count = t.participant_count + sign * c.count
          from (select account_id, tournament_id, count(*)::int as count from changed_rows group by 1, 2) c
         where t.account_id = c.account_id and t.id = c.tournament_id;
        return null;
      end $$`);
    this.addSql(`
      create trigger participants_counted_on_insert after insert on participants
        referencing new table as changed_rows for each statement execute function count_participants()`);
    this.addSql(`
      create trigger participants_counted_on_delete after delete on participants
        referencing old table as changed_rows for each statement execute function count_participants()`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger participants_counted_on_delete on participants');
    this.addSql('drop trigger participants_counted_on_insert on participants');
    this.addSql('drop function count_participants()');
    this.addSql('alter table tournaments drop column participant_count');
  }
}
