import { Migration } from '@mikro-orm/migrations';

/**
 * Every change that makes a share link lead nowhere (the tournament or league made private, its link rotated, the
 * row deleted, its account deleted) sends NOTIFY share_links_dropped with the old share id, on commit, whatever
 * wrote it. Each instance's ShareLinkFeed drops that link from its cache of views and acknowledges, so the writer
 * can answer once no instance serves it any more (docs/viewing.md).
 */
export class ShareLinkDrops20261127470100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function notify_share_link_dropped() returns trigger language plpgsql as $$
      begin
        perform pg_notify('share_links_dropped', old.share_id);
        return null;
      end $$`);
    for (const table of ['tournaments', 'leagues']) {
      this.addSql(`
        create trigger ${table}_share_link_changed after update of share_id on ${table}
          for each row when (old.share_id is not null and old.share_id is distinct from new.share_id)
          execute function notify_share_link_dropped()`);
      this.addSql(`
        create trigger ${table}_share_link_deleted after delete on ${table}
          for each row when (old.share_id is not null)
          execute function notify_share_link_dropped()`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['tournaments', 'leagues']) {
      this.addSql(`drop trigger ${table}_share_link_deleted on ${table}`);
      this.addSql(`drop trigger ${table}_share_link_changed on ${table}`);
    }
    this.addSql('drop function notify_share_link_dropped()');
  }
}
