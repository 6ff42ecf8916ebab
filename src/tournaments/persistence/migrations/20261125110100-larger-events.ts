import { Migration } from '@mikro-orm/migrations';

/**
 * Larger events (issue 26): `max_participants` goes up to 8 192 (the elimination formats and swiss); each format's
 * own limit is the domain's (FORMAT_PARTICIPANT_LIMITS), the column only bounds the widest of them.
 */
export class LargerEvents20261125110100 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table tournaments drop constraint tournaments_max_participants_check');
    this.addSql('alter table tournaments add constraint tournaments_max_participants_check check (max_participants between 2 and 8192)');
  }

  override async down(): Promise<void> {
    this.addSql('alter table tournaments drop constraint tournaments_max_participants_check');
    this.addSql('alter table tournaments add constraint tournaments_max_participants_check check (max_participants between 2 and 1024) not valid');
  }
}
