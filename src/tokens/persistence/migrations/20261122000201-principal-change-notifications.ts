import { Migration } from '@mikro-orm/migrations';

/**
 * Every change that can make a cached principal wrong (a token issued,
 * replaced or revoked; a plan or email changed; an account deleted) sends
 * NOTIFY principal_changes with the account id, on commit, whatever wrote it.
 * Each instance's PrincipalChangeListener drops that account's cached principals.
 * last_used_at updates do not notify: they change nothing a request checks.
 */
export class PrincipalChangeNotifications20261122000201 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function notify_principal_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('principal_changes', (case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end) ->> tg_argv[0]);
        if tg_op = 'UPDATE' and to_jsonb(old) ->> tg_argv[0] is distinct from to_jsonb(new) ->> tg_argv[0] then
          perform pg_notify('principal_changes', to_jsonb(old) ->> tg_argv[0]);
        end if;
        return null;
      end $$`);
    this.addSql(`
      create trigger accounts_principal_change after update of plan, email or delete on accounts
        for each row execute function notify_principal_change('id')`);
    this.addSql(`
      create trigger api_tokens_principal_change after insert or update of digest, account_id or delete on api_tokens
        for each row execute function notify_principal_change('account_id')`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger api_tokens_principal_change on api_tokens');
    this.addSql('drop trigger accounts_principal_change on accounts');
    this.addSql('drop function notify_principal_change()');
  }
}
