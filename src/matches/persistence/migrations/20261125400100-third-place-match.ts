import { Migration } from '@mikro-orm/migrations';

/** Single elimination's optional third-place match: a tournament setting, and a bracket of its own for the match. */
export class ThirdPlaceMatch20261125400100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tournaments
        add column third_place_match boolean not null default false,
        add constraint tournaments_third_place_format check (not third_place_match or format = 'single_elimination')`);
    this.addSql(`
      alter table matches
        drop constraint matches_bracket_check,
        add constraint matches_bracket_check check (bracket in ('main', 'winners', 'losers', 'grand_final', 'third_place'))`);
  }

  override async down(): Promise<void> {
    this.addSql("delete from matches where bracket = 'third_place'");
    this.addSql(`
      alter table matches
        drop constraint matches_bracket_check,
        add constraint matches_bracket_check check (bracket in ('main', 'winners', 'losers', 'grand_final'))`);
    this.addSql('alter table tournaments drop constraint tournaments_third_place_format, drop column third_place_match');
  }
}
