import { Migration } from '@mikro-orm/migrations';

export class AccountsAndApiTokens20261121000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table accounts (
        id uuid primary key,
        email text not null,
        password_hash text,
        plan text not null check (plan in ('free', 'premium')),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create unique index accounts_email_key on accounts (lower(email))');
    this.addSql(`
      create table api_tokens (
        id uuid primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        digest text not null,
        last_four text not null,
        created_at timestamptz not null,
        last_used_at timestamptz,
        constraint api_tokens_one_per_account unique (account_id),
        constraint api_tokens_digest_key unique (digest)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table api_tokens');
    this.addSql('drop table accounts');
  }
}
