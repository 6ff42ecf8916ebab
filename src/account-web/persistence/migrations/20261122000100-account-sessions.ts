import { Migration } from '@mikro-orm/migrations';

export class AccountSessions20261122000100 extends Migration {
  override async up(): Promise<void> {
    // Sessions of the account pages. Keyed by the SHA-256 of the session id, so the table alone cannot be used to
    // sign in; `account_id` is null for a pre-session and cascades, so deleting an account ends its sessions.
    this.addSql(`
      create table account_sessions (
        id_digest text primary key,
        account_id uuid references accounts (id) on delete cascade,
        data jsonb not null,
        token_reveal text,
        created_at timestamptz not null,
        expires_at timestamptz not null
      )`);
    this.addSql('create index account_sessions_account on account_sessions (account_id) where account_id is not null');
    this.addSql('create index account_sessions_expires_at on account_sessions (expires_at)');
    // Failed sign-ins, counted per email digest and per client address within the throttle window.
    this.addSql('create table sign_in_failures (subject text not null, failed_at timestamptz not null)');
    this.addSql('create index sign_in_failures_by_subject on sign_in_failures (subject, failed_at)');
    // Signs the session and CSRF cookies when SESSION_SECRET is unset: one key per database, shared by every instance.
    this.addSql(
      `insert into service_secrets (name, value) values ('session_signing_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from service_secrets where name = 'session_signing_key'`);
    this.addSql('drop table sign_in_failures');
    this.addSql('drop table account_sessions');
  }
}
