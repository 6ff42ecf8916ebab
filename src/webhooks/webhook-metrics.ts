import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { AppMetrics } from '../metrics';
import { DeliveryQueue } from './persistence/delivery-queue';

/** The delivery backlog (read at scrape time) and what the attempts give, on the service's /metrics. */
@Injectable()
export class WebhookMetrics {
  private readonly attempts: Counter<'result'>;
  private readonly disabled: Counter;

  constructor(metrics: AppMetrics, queue: DeliveryQueue) {
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this instance, by result (success or failure).',
      labelNames: ['result'],
      registers,
    });
    this.disabled = new Counter({ name: 'webhook_endpoints_disabled_total', help: 'Webhook endpoints this instance disabled (410 Gone, or failing for 5 days).', registers });
    for (const result of ['success', 'failure']) this.attempts.labels(result).inc(0);
    new Gauge({
      name: 'webhook_deliveries_pending',
      help: 'Webhook deliveries waiting for an attempt (due now or retrying later), across every instance.',
      registers,
      async collect() {
        this.set(await queue.backlog().catch(() => Number.NaN));
      },
    });
  }

  attempted(ok: boolean, disabledEndpoint: boolean): void {
    this.attempts.labels(ok ? 'success' : 'failure').inc();
    if (disabledEndpoint) this.disabled.inc();
  }
}
