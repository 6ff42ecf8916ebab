import { Migration } from '@mikro-orm/migrations';

/**
 * The event log (docs/events.md): one row per change a customer would notice, written in the transaction that
 * makes the change (a transactional outbox).
 *
 * - `event_sequences` holds each account's last sequence. Appending updates that row in the writing transaction,
 *   so the row lock orders the account's writers: a transaction that takes sequence 12 waits until the one holding
 *   11 commits (or rolls back, when 12 becomes 11). Sequences commit in order and without gaps.
 * - `event_retention` records, per account, the highest sequence the retention sweep has deleted, so a feed read
 *   from below it is 410 `events_expired`. It is a table of its own: the sweep never locks a writer's counter row.
 * - A row trigger sends NOTIFY events_appended (payload: the account id; PostgreSQL folds a transaction's
 *   identical notifications into one, sent on commit) to wake the instances' stream readers.
 */
export class Events20261125200100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table event_sequences (
        account_id uuid primary key references accounts (id) on delete cascade,
        last_sequence bigint not null check (last_sequence > 0)
      )`);
    this.addSql(`
      create table event_retention (
        account_id uuid primary key references accounts (id) on delete cascade,
        expired_through bigint not null check (expired_through > 0)
      )`);
    this.addSql(`
      create table events (
        account_id uuid not null references accounts (id) on delete cascade,
        sequence bigint not null,
        id uuid not null,
        type text not null,
        occurred_at timestamptz not null,
        tournament_id uuid,
        league_id uuid,
        data jsonb not null,
        constraint events_pkey primary key (account_id, sequence),
        constraint events_id_key unique (account_id, id)
      )`);
    this.addSql('create index events_tournament_idx on events (account_id, tournament_id, sequence) where tournament_id is not null');
    this.addSql('create index events_occurred_at_idx on events (occurred_at)');
    this.addSql(`
      create function notify_events_appended() returns trigger language plpgsql as $$
      begin
        perform pg_notify('events_appended', new.account_id::text);
        return null;
      end $$`);
    this.addSql(`
      create trigger events_appended after insert on events
        for each row execute function notify_events_appended()`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table events');
    this.addSql('drop function notify_events_appended()');
    this.addSql('drop table event_retention');
    this.addSql('drop table event_sequences');
  }
}
