import { Migration } from '@mikro-orm/migrations';

/**
 * A match's place in the stored schedule (issue 41): when it ends (derived from its start and its round's
 * minutes), its station, whether the organiser pinned it (and when), and how often its time or station changed
 * (the calendars' SEQUENCE). All nullable: generated matches leave them out, and null reads as "none yet".
 * A deleted station leaves its matches without one.
 */
export class MatchSchedule20261127480100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table matches
        add column ends_at timestamptz,
        add column station_id uuid,
        add column pinned_at timestamptz,
        add column schedule_sequence int,
        add constraint matches_station_fk foreign key (account_id, station_id) references stations (account_id, id) on delete set null (station_id)`);
    this.addSql('create index matches_by_station on matches (account_id, station_id) where station_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index matches_by_station');
    this.addSql('alter table matches drop constraint matches_station_fk, drop column ends_at, drop column station_id, drop column pinned_at, drop column schedule_sequence');
  }
}
