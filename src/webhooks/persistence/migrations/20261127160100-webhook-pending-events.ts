import { Migration } from '@mikro-orm/migrations';

/**
 * Replay skips the events an endpoint already has waiting (issue 47: each replay queued every retained event again):
 * this index finds them by event id among the pending deliveries only, so the check costs a probe per event.
 */
export class WebhookPendingEvents20261127160100 extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index webhook_deliveries_pending_event_idx on webhook_deliveries (account_id, endpoint_id, event_id) where status = 'pending'");
  }

  override async down(): Promise<void> {
    this.addSql('drop index webhook_deliveries_pending_event_idx');
  }
}
