import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks (docs/webhooks.md): an account's endpoints and the deliveries of its events to them.
 *
 * - `webhook_cursors.cursor` is the last event sequence the fan-out has turned into deliveries for the endpoint:
 *   deliveries are materialised from the log in sequence order, so `position` (an identity) orders an endpoint's queue.
 *   It is a row of its own so that the fan-out (which locks it) never waits on, nor holds up, the sender renewing
 *   its lease on the endpoint's row with every attempt.
 * - A replica works on an endpoint under a lease (`lease_owner`, `lease_until`), claimed with FOR UPDATE SKIP LOCKED:
 *   one sender per endpoint at a time keeps its order; a killed replica's lease simply expires.
 * - The secret is kept as is: signing needs it. The previous one signs beside it until `previous_secret_expires_at`.
 * - Deleting an account or an endpoint deletes its deliveries (cascade).
 */
export class Webhooks20261125900100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        account_id uuid not null references accounts (id) on delete cascade,
        id uuid not null,
        url text not null,
        description text,
        event_types text[],
        tournament_id uuid,
        enabled boolean not null default true,
        disabled_reason text,
        secret text not null,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        lease_owner uuid,
        lease_until timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint webhook_endpoints_pkey primary key (account_id, id)
      )`);
    this.addSql(`
      create table webhook_cursors (
        account_id uuid not null references accounts (id) on delete cascade,
        endpoint_id uuid not null,
        cursor bigint not null,
        constraint webhook_cursors_pkey primary key (account_id, endpoint_id),
        constraint webhook_cursors_endpoint_fkey foreign key (account_id, endpoint_id)
          references webhook_endpoints (account_id, id) on delete cascade
      )`);
    this.addSql(`
      create table webhook_deliveries (
        account_id uuid not null references accounts (id) on delete cascade,
        endpoint_id uuid not null,
        id uuid not null,
        position bigint generated always as identity,
        event_id uuid not null,
        event_type text not null,
        sequence bigint,
        body text not null,
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_attempt_at timestamptz,
        last_status_code integer,
        last_response_body text,
        last_error text,
        last_duration_ms integer,
        created_at timestamptz not null default now(),
        constraint webhook_deliveries_pkey primary key (account_id, endpoint_id, id),
        constraint webhook_deliveries_endpoint_fkey foreign key (account_id, endpoint_id)
          references webhook_endpoints (account_id, id) on delete cascade
      )`);
    this.addSql('create index webhook_deliveries_queue_idx on webhook_deliveries (account_id, endpoint_id, position) where status = \'pending\'');
    this.addSql('create index webhook_deliveries_list_idx on webhook_deliveries (account_id, endpoint_id, position desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table webhook_deliveries');
    this.addSql('drop table webhook_cursors');
    this.addSql('drop table webhook_endpoints');
  }
}
