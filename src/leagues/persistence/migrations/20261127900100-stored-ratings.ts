import { Migration } from '@mikro-orm/migrations';

/**
 * A league's ratings kept as tables (docs/ratings.md, "How the stored table is kept"): a report updates only its
 * players' rows and appends their history; a correction rewrites the history from the corrected result on. The
 * state row says what the table was computed from (the setting, the tournaments, the last result rated).
 */
export class StoredRatings20261127900100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table league_rating_states (
        account_id uuid not null references accounts (id) on delete cascade,
        league_id uuid not null,
        settings text not null,
        tournament_ids uuid[] not null,
        through_at timestamptz,
        through_id text collate "C",
        version integer not null default 1,
        constraint league_rating_states_pkey primary key (account_id, league_id),
        constraint league_rating_states_league_fk foreign key (league_id) references leagues (id) on delete cascade
      )`);
    this.addSql(`
      create table league_ratings (
        account_id uuid not null references accounts (id) on delete cascade,
        league_id uuid not null,
        player_key text collate "C" not null,
        name text not null,
        rating_values jsonb not null,
        score double precision not null,
        matches integer not null,
        wins integer not null,
        draws integer not null,
        losses integer not null,
        last_change double precision,
        last_changed_at timestamptz,
        provisional boolean not null,
        constraint league_ratings_pkey primary key (account_id, league_id, player_key),
        constraint league_ratings_state_fk foreign key (account_id, league_id) references league_rating_states (account_id, league_id) on delete cascade
      )`);
    this.addSql(`
      create table league_rating_history (
        account_id uuid not null references accounts (id) on delete cascade,
        league_id uuid not null,
        result_id text collate "C" not null,
        player_key text collate "C" not null,
        match_id uuid not null,
        tournament_id uuid not null,
        completed_at timestamptz not null,
        rank integer not null,
        outcome text not null,
        before jsonb not null,
        after jsonb not null,
        score_before double precision not null,
        score_after double precision not null,
        constraint league_rating_history_pkey primary key (account_id, league_id, result_id, player_key),
        constraint league_rating_history_state_fk foreign key (account_id, league_id) references league_rating_states (account_id, league_id) on delete cascade
      )`);
    this.addSql('create index league_rating_history_position on league_rating_history (account_id, league_id, completed_at, result_id)');
    this.addSql('create index league_rating_history_tournament on league_rating_history (account_id, league_id, tournament_id)');
    this.addSql('create index league_rating_history_player on league_rating_history (account_id, league_id, player_key, completed_at, result_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table league_rating_history');
    this.addSql('drop table league_ratings');
    this.addSql('drop table league_rating_states');
  }
}
