import { Migration } from '@mikro-orm/migrations';

/**
 * The event log (docs/events.md): one row per change a customer would notice, inserted in the transaction that
 * makes the change (a transactional outbox).
 *
 * - Writers only insert: a row carries its transaction's id (`xid`) and its place in the transaction's appends
 *   (`ordinal`, from an identity column: increasing in the order of the appends), and no `sequence` yet. Writers of one account never wait for each other.
 * - The sequencer (one at a time, under an advisory lock) numbers rows per account, in (xid, ordinal) order, once
 *   every transaction with a smaller id has ended (`xid < pg_snapshot_xmin(pg_current_snapshot())`): no later
 *   commit can then need a smaller number, so readers, who only see numbered rows, never see a gap filled later.
 *   `event_sequences` holds each account's last number; only the sequencer writes it.
 * - `event_retention` records, per account, the highest sequence the retention sweep has deleted (410 below it).
 * - Writers do not NOTIFY (PostgreSQL serialises the commits of notifying transactions database-wide): the
 *   instance that committed wakes its own sequencer, every instance's sequencer also runs every second, and the
 *   sequencer NOTIFYs `events_sequenced` with each account it numbered (wakes every instance's stream readers).
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
        id uuid not null,
        xid xid8 not null default pg_current_xact_id(),
        ordinal bigint generated always as identity,
        sequence bigint,
        type text not null,
        occurred_at timestamptz not null,
        tournament_id uuid,
        league_id uuid,
        data jsonb not null,
        constraint events_pkey primary key (account_id, id),
        constraint events_sequence_key unique (account_id, sequence)
      )`);
    this.addSql('create index events_unsequenced_idx on events (xid, ordinal) where sequence is null');
    this.addSql('create index events_tournament_idx on events (account_id, tournament_id, sequence) where tournament_id is not null');
    this.addSql('create index events_occurred_at_idx on events (occurred_at) where sequence is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop table events');
    this.addSql('drop table event_retention');
    this.addSql('drop table event_sequences');
  }
}
