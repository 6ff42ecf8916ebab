import { Migration } from '@mikro-orm/migrations';

/**
 * Stations (issue 41): where a tournament's matches are played, with the spans each may be used in (null:
 * always). A tournament's stations go with it.
 */
export class Stations20261127410100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stations (
        account_id uuid not null references accounts (id) on delete cascade,
        id uuid not null,
        tournament_id uuid not null,
        name text not null,
        available jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint stations_pkey primary key (account_id, id),
        constraint stations_tournament_fk foreign key (account_id, tournament_id) references tournaments (account_id, id) on delete cascade
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table stations');
  }
}
