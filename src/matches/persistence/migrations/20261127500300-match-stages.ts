import { Migration } from '@mikro-orm/migrations';

/** Stages (issue 40): a match of a multi_stage tournament names its stage and group; list filters read them. */
export class MatchStages20261127500300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table matches add column stage text, add column group_label text`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table matches drop column stage, drop column group_label');
  }
}
