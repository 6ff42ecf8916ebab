import { Migration } from '@mikro-orm/migrations';

export class Matches20261122000400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tournaments
        add column rounds integer check (rounds between 1 and 64),
        add constraint tournaments_rounds_format check (rounds is null or format in ('swiss', 'free_for_all'))`);
    // Every key leads with account_id (Citus-ready). Opponents are a small JSON array in slot order
    // ({participantId, score, rank, result}); links to the next matches are deferred, so a transaction
    // may write a bracket in any order.
    this.addSql(`
      create table matches (
        account_id uuid not null,
        id uuid not null,
        tournament_id uuid not null,
        number integer not null check (number >= 1),
        round integer not null check (round >= 1),
        bracket text not null check (bracket in ('main', 'winners', 'losers', 'grand_final')),
        status text not null check (status in ('pending', 'ready', 'completed')),
        opponents jsonb not null,
        winner_id uuid,
        next_match_id uuid,
        next_slot smallint,
        loser_next_match_id uuid,
        loser_next_slot smallint,
        scheduled_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        primary key (account_id, id),
        constraint matches_tournament_fk foreign key (account_id, tournament_id)
          references tournaments (account_id, id) on delete cascade,
        constraint matches_winner_fk foreign key (account_id, winner_id)
          references participants (account_id, id),
        constraint matches_next_fk foreign key (account_id, next_match_id)
          references matches (account_id, id) deferrable initially deferred,
        constraint matches_loser_next_fk foreign key (account_id, loser_next_match_id)
          references matches (account_id, id) deferrable initially deferred,
        constraint matches_number_key unique (account_id, tournament_id, number) deferrable initially deferred
      )`);
    // Lists: by number (the default order), by round and by status, inside one tournament.
    this.addSql('create index matches_by_round on matches (account_id, tournament_id, round, number)');
    this.addSql("create index matches_open on matches (account_id, tournament_id, number) where status <> 'completed'");
    // participant_id filter: opponents @> '[{"participantId": "..."}]'.
    this.addSql('create index matches_opponents on matches using gin (opponents jsonb_path_ops)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table matches');
    this.addSql('alter table tournaments drop constraint tournaments_rounds_format, drop column rounds');
  }
}
