import { Migration } from '@mikro-orm/migrations';

/**
 * Competition rules as data (issue 31). Tournaments: points, tiebreakers and legs (round robin and swiss; null is
 * the format's default, which the application resolves) and a weight for league tables. Matches: the home side of
 * a two-legged round robin. Leagues: how their table is scored. The domain checks the contents of the JSON values;
 * the checks here keep the columns' shapes.
 */
export class CompetitionRules20261125300100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tournaments
        add column points jsonb check (points is null or jsonb_typeof(points) = 'object'),
        add column tiebreakers jsonb check (tiebreakers is null or jsonb_typeof(tiebreakers) = 'array'),
        add column legs smallint check (legs in (1, 2)),
        add column weight double precision not null default 1 check (weight > 0),
        add constraint tournaments_rules_format check (
          (points is null and tiebreakers is null and legs is null) or format in ('round_robin', 'swiss')),
        add constraint tournaments_legs_format check (legs is null or legs = 1 or format = 'round_robin')`);
    this.addSql('alter table matches add column home_participant_id uuid');
    this.addSql(`
      alter table leagues
        add column scoring text not null default 'placements' check (scoring in ('placements', 'sum')),
        add column placement_points jsonb check (placement_points is null or jsonb_typeof(placement_points) = 'array'),
        add column counted_results integer check (counted_results >= 1)`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table leagues drop column counted_results, drop column placement_points, drop column scoring');
    this.addSql('alter table matches drop column home_participant_id');
    this.addSql(`
      alter table tournaments drop constraint tournaments_legs_format, drop constraint tournaments_rules_format,
        drop column weight, drop column legs, drop column tiebreakers, drop column points`);
  }
}
