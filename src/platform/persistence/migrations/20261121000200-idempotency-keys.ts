import { Migration } from '@mikro-orm/migrations';

export class IdempotencyKeys20261121000200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table idempotency_keys (
        account_id uuid not null references accounts (id) on delete cascade,
        key text not null,
        fingerprint text not null,
        state text not null check (state in ('in_progress', 'completed')),
        locked_at timestamptz not null,
        response jsonb,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        primary key (account_id, key)
      )`);
    this.addSql('create index idempotency_keys_expires_at on idempotency_keys (expires_at)');
    // Signing key for list cursors, made once per database so every instance agrees and restarts keep cursors valid.
    this.addSql('create table service_secrets (name text primary key, value text not null)');
    this.addSql(
      `insert into service_secrets (name, value) values ('cursor_signing_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table service_secrets');
    this.addSql('drop table idempotency_keys');
  }
}
