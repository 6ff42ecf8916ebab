import { Migration } from '@mikro-orm/migrations';

export class Tournaments20261121000300 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`
      create table tournaments (
        id uuid primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        name text not null check (char_length(name) between 1 and 100),
        description text check (char_length(description) <= 2000),
        game text check (char_length(game) <= 100),
        format text not null check (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all')),
        participant_type text not null check (participant_type in ('single', 'team')),
        max_participants integer check (max_participants between 2 and 1024),
        status text not null check (status in ('draft', 'registration_open', 'registration_closed', 'in_progress', 'completed', 'cancelled')),
        timezone text not null,
        starts_at timestamptz,
        ends_at timestamptz,
        league_id uuid,
        metadata jsonb not null default '{}'::jsonb,
        started_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint tournaments_schedule check (ends_at >= starts_at)
      )`);
    // One index per sort order, led by the account: a page is an index range scan, however deep.
    this.addSql('create index tournaments_by_created on tournaments (account_id, created_at, id)');
    this.addSql(`create index tournaments_by_start on tournaments (account_id, coalesce(starts_at, 'infinity'::timestamptz), id)`);
    this.addSql('create index tournaments_by_name on tournaments (account_id, (lower(name) collate "C"), id)');
    this.addSql('create index tournaments_by_league on tournaments (league_id, created_at, id) where league_id is not null');
    // `q` is a case-insensitive substring search (name ILIKE '%q%'): trigrams make it indexable.
    this.addSql('create index tournaments_name_trigrams on tournaments using gin (name gin_trgm_ops)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table tournaments');
  }
}
