import { Migration } from '@mikro-orm/migrations';

/** Stages (issue 40): a tournament may be played as stages (format multi_stage), kept as a JSON list the domain checks. */
export class Stages20261127500100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tournaments drop constraint tournaments_format_check`);
    this.addSql(`alter table tournaments add constraint tournaments_format_check
      check (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all', 'multi_stage'))`);
    this.addSql(`alter table tournaments add column stages jsonb check (stages is null or jsonb_typeof(stages) = 'array'),
      add constraint tournaments_stages_format check ((stages is null) = (format <> 'multi_stage'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from tournaments where format = 'multi_stage'`);
    this.addSql('alter table tournaments drop constraint tournaments_stages_format, drop column stages');
    this.addSql(`alter table tournaments drop constraint tournaments_format_check`);
    this.addSql(`alter table tournaments add constraint tournaments_format_check
      check (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all'))`);
  }
}
