import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './delivery/clock';
import { WebhookStore } from './domain/webhook-store';
import { DeliveryQueue } from './persistence/delivery-queue';
import { PostgresWebhookStore } from './persistence/postgres-webhook-store';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookMetrics } from './webhook-metrics';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';
import './webhooks.problems';

/** Webhooks: endpoints under the account, and the delivery of the event log to them (docs/webhooks.md). */
@Module({
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookDispatcher,
    WebhookMetrics,
    DeliveryQueue,
    { provide: WebhookStore, useClass: PostgresWebhookStore },
    { provide: Clock, useClass: SystemClock },
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
