import { Migration } from '@mikro-orm/migrations';

export class Leagues20261121000400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table leagues (
        id uuid primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        name text not null check (char_length(name) between 1 and 100),
        description text check (char_length(description) <= 2000),
        game text check (char_length(game) <= 100),
        season text check (char_length(season) <= 50),
        status text not null check (status in ('draft', 'active', 'completed', 'archived')),
        timezone text not null,
        starts_on date,
        ends_on date,
        metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint leagues_schedule check (ends_on >= starts_on)
      )`);
    // One index per sort order, led by the account: a page is an index range scan, however deep.
    this.addSql('create index leagues_by_created on leagues (account_id, created_at, id)');
    this.addSql(`create index leagues_by_start on leagues (account_id, coalesce(starts_on, 'infinity'::date), id)`);
    this.addSql('create index leagues_by_name on leagues (account_id, (lower(name) collate "C"), id)');
    // `q` is a case-insensitive substring search (name ILIKE '%q%'): trigrams make it indexable (pg_trgm since 20261121000300).
    this.addSql('create index leagues_name_trigrams on leagues using gin (name gin_trgm_ops)');

    // tournaments.league_id was stored unchecked until now, and the leagues table is new, so any value in it
    // names no league: clear such dangling references (in a fresh database there are none) so that the
    // foreign key can be added. From here on a league with tournaments cannot be deleted (409 league_not_empty);
    // tournaments_by_league serves the key's lookups.
    this.addSql('update tournaments set league_id = null where league_id is not null and league_id not in (select id from leagues)');
    this.addSql(
      'alter table tournaments add constraint tournaments_league_fk foreign key (league_id) references leagues (id) on delete restrict',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table tournaments drop constraint tournaments_league_fk');
    this.addSql('drop table leagues');
  }
}
