import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: participants may withdraw (or be disqualified) once play has started, and may have to check in
 * before it starts; a match decided without being played says so (`outcome`).
 */
export class WithdrawalsAndCheckIn20261125500100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table participants
        add column status text not null default 'active' check (status in ('active', 'withdrawn', 'disqualified')),
        add column withdrawal jsonb,
        add column checked_in_at timestamptz,
        add constraint participants_withdrawal_status check ((status = 'active') = (withdrawal is null))`);
    this.addSql(`
      alter table tournaments
        add column check_in_required boolean not null default false,
        add column check_in_opens_at timestamptz,
        add column check_in_closes_at timestamptz,
        add constraint tournaments_check_in_window check (check_in_closes_at is null or check_in_opens_at is null or check_in_closes_at >= check_in_opens_at)`);
    this.addSql("create index participants_not_active on participants (account_id, tournament_id) where status <> 'active'");
    this.addSql(`alter table matches add column outcome text check (outcome in ('forfeit', 'void'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table matches drop column outcome');
    this.addSql('drop index participants_not_active');
    this.addSql(`
      alter table tournaments drop constraint tournaments_check_in_window,
        drop column check_in_closes_at, drop column check_in_opens_at, drop column check_in_required`);
    this.addSql(`
      alter table participants drop constraint participants_withdrawal_status,
        drop column checked_in_at, drop column withdrawal, drop column status`);
  }
}
