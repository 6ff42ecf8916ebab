import { Migration } from '@mikro-orm/migrations';

/**
 * The formats a tournament may be played in are the format catalog's (src/competition/formats/registry.ts): the
 * application validates the name, so a new format needs no schema change. The column stays text, not null.
 */
export class FormatsFromCatalog20261128000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tournaments drop constraint tournaments_format_check`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table tournaments add constraint tournaments_format_check
      check (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all', 'multi_stage'))`);
  }
}
