import { Migration } from '@mikro-orm/migrations';

/**
 * Public viewing (docs/viewing.md): tournaments and leagues get a `visibility` and, while `unlisted`, a `share_id`
 * (128 random bits) that opens their read-only pages under /v/.
 *
 * A viewer's request names the share id only, never the account: it is looked up by `share_id` alone (a partial
 * index holds only the shared rows). The unique key includes `account_id`, as every key of customer data does, so
 * the table stays distributable by account; across accounts two random 128-bit ids do not collide in practice.
 */
export class Sharing20261125700100 extends Migration {
  override async up(): Promise<void> {
    for (const table of ['tournaments', 'leagues']) {
      this.addSql(`
        alter table ${table}
          add column visibility text not null default 'private' check (visibility in ('private', 'unlisted')),
          add column share_id text check (share_id ~ '^[A-Za-z0-9_-]{22}$'),
          add constraint ${table}_share_id_when_unlisted check ((visibility = 'unlisted') = (share_id is not null))`);
      this.addSql(`create unique index ${table}_share_id_key on ${table} (account_id, share_id) where share_id is not null`);
      this.addSql(`create index ${table}_by_share_id on ${table} (share_id) where share_id is not null`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['tournaments', 'leagues']) {
      this.addSql(`drop index ${table}_by_share_id`);
      this.addSql(`drop index ${table}_share_id_key`);
      this.addSql(`alter table ${table} drop constraint ${table}_share_id_when_unlisted, drop column share_id, drop column visibility`);
    }
  }
}
