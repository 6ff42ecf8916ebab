import { Migration } from '@mikro-orm/migrations';

/**
 * A participant's group, set by hand for a multi_stage tournament whose first stage is seeded `manual` (issue 40).
 * `group` is a reserved word in SQL, so the column is group_label; the check mirrors the domain's label pattern.
 */
export class ParticipantGroups20261127500500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table participants add column group_label text check (group_label ~ '^[A-Z]{1,2}$')`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table participants drop column group_label');
  }
}
