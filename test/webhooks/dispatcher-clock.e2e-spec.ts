import { AppConfig } from '../../src/config/app-config';
import { EventWakeups } from '../../src/events/event-wakeups';
import { AppMetrics } from '../../src/metrics/app-metrics';
import { Clock } from '../../src/webhooks/delivery/clock';
import { AttemptDecision } from '../../src/webhooks/domain/retry-schedule';
import { AttemptRecord, ClaimedEndpoint, DeliveryQueue, QueuedDelivery } from '../../src/webhooks/persistence/delivery-queue';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher.service';
import { WebhookMetrics } from '../../src/webhooks/webhook-metrics';
import { Receiver } from './receiver';

class FakeClock extends Clock {
  constructor(public time: number) {
    super();
  }
  now(): Date {
    return new Date(this.time);
  }
}

/** The queue in memory, due dates judged by the fake clock: what the dispatcher decides, without the database. */
class MemoryQueue {
  readonly records: { attempt: AttemptRecord; decision: AttemptDecision }[] = [];
  delivery: QueuedDelivery & { status: string } = { id: 'd1', eventId: 'e1', body: '{"n":1}', attempts: 0, nextAttemptAt: new Date(0), status: 'pending' };
  failingSince: Date | null = null;
  enabled = true;
  /** The lease: claimed until then (fake clock), let go by release. */
  leasedUntil = -Infinity;
  releases = 0;
  /** Set: recording an attempt fails with this (the database refused it, or is gone). */
  recordError: Error | undefined;
  constructor(
    private readonly clock: FakeClock,
    private readonly url: string,
  ) {}
  fanOut = () => Promise.resolve(0);
  backlog = () => Promise.resolve(this.delivery.status === 'pending' ? 1 : 0);
  release(): Promise<void> {
    this.releases += 1;
    this.leasedUntil = -Infinity;
    return Promise.resolve();
  }
  claim(_owner: string, leaseMs: number): Promise<ClaimedEndpoint[]> {
    const due = this.enabled && this.delivery.status === 'pending' && this.delivery.nextAttemptAt.getTime() <= this.clock.time && this.leasedUntil < this.clock.time;
    if (due) this.leasedUntil = this.clock.time + leaseMs;
    return Promise.resolve(due ? [{ accountId: 'a', id: 'w', url: this.url, secrets: ['whsec_' + Buffer.alloc(32).toString('base64')], failingSince: this.failingSince }] : []);
  }
  pending(): Promise<QueuedDelivery[]> {
    return Promise.resolve(this.delivery.status === 'pending' ? [{ ...this.delivery }] : []);
  }
  record(_owner: string, _lease: number, _endpoint: ClaimedEndpoint, _delivery: QueuedDelivery, attempt: AttemptRecord, decision: AttemptDecision): Promise<boolean> {
    if (this.recordError) return Promise.reject(this.recordError);
    this.records.push({ attempt, decision });
    this.delivery = { ...this.delivery, attempts: this.delivery.attempts + 1, status: decision.status, nextAttemptAt: decision.nextAttemptAt ?? this.delivery.nextAttemptAt };
    this.failingSince = decision.failingSince;
    if (decision.disableReason) this.enabled = false;
    return Promise.resolve(this.enabled);
  }
}

/** The dispatcher with an injected clock: the retry schedule followed to the end without waiting 28 hours. */
describe('the webhook dispatcher on a fake clock', () => {
  it('retries a failing endpoint on the schedule of the clock it is given, and disables it after 5 days of failures', async () => {
    const receiver = await Receiver.start((_q, response) => response.writeHead(500).end('down'));
    const start = Date.parse('2026-05-01T00:00:00Z');
    const clock = new FakeClock(start);
    const queue = new MemoryQueue(clock, receiver.url());
    const config = AppConfig.fromEnvironment({}).with({ webhookAllowHosts: ['127.0.0.1'], webhookTimeoutMs: 2_000, webhookPollMs: 1_000_000, webhookConcurrency: 1 });
    const metrics = new AppMetrics({ processMetrics: false });
    const dispatcher = new WebhookDispatcher(
      queue as unknown as DeliveryQueue,
      config,
      clock,
      new WebhookMetrics(metrics, queue as unknown as DeliveryQueue),
      new EventWakeups(),
    );
    const attemptOnce = async () => {
      const before = queue.records.length;
      dispatcher.wake();
      for (let i = 0; queue.records.length === before; i++) {
        if (i > 500) throw new Error('no attempt was made');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      // Not due yet: nothing is sent.
      queue.delivery.nextAttemptAt = new Date(start + 1_000);
      dispatcher.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).toHaveLength(0);
      clock.time = start + 1_000;

      const waits: number[] = [];
      while (queue.delivery.status === 'pending') {
        await attemptOnce();
        const last = queue.records[queue.records.length - 1];
        expect(last.attempt.attemptedAt.getTime()).toBe(clock.time);
        if (last.decision.status !== 'pending') break;
        waits.push(last.decision.nextAttemptAt!.getTime() - clock.time);
        clock.time = last.decision.nextAttemptAt!.getTime();
      }
      expect(queue.records).toHaveLength(8);
      expect(receiver.received).toHaveLength(8);
      const nominal = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
      waits.forEach((wait, index) => {
        expect(wait).toBeGreaterThanOrEqual(nominal[index] * 0.9 - 1);
        expect(wait).toBeLessThanOrEqual(nominal[index] * 1.1 + 1);
      });
      expect(queue.delivery.status).toBe('failed');
      expect(queue.records[7].attempt).toMatchObject({ statusCode: 500, error: 'answered 500', responseBody: 'down' });

      // The next message fails too, 5 days after the streak began: the endpoint is disabled.
      queue.delivery = { id: 'd2', eventId: 'e2', body: '{"n":2}', attempts: 0, nextAttemptAt: new Date(start), status: 'pending' };
      clock.time = start + 1_000 + 5 * 24 * 3_600_000;
      await attemptOnce();
      expect(queue.records[8].decision.disableReason).toMatch(/5 days/);
      expect(queue.enabled).toBe(false);
    } finally {
      await dispatcher.beforeApplicationShutdown();
      await receiver.close();
    }
  });

  it('keeps the lease of an endpoint whose attempt could not be recorded, so the message is not sent again before it runs out', async () => {
    const receiver = await Receiver.start();
    const start = Date.parse('2026-05-01T00:00:00Z');
    const clock = new FakeClock(start);
    const queue = new MemoryQueue(clock, receiver.url());
    queue.recordError = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const config = AppConfig.fromEnvironment({}).with({ webhookAllowHosts: ['127.0.0.1'], webhookTimeoutMs: 2_000, webhookPollMs: 1_000_000, webhookConcurrency: 1 });
    const dispatcher = new WebhookDispatcher(
      queue as unknown as DeliveryQueue,
      config,
      clock,
      new WebhookMetrics(new AppMetrics({ processMetrics: false }), queue as unknown as DeliveryQueue),
      new EventWakeups(),
    );
    try {
      dispatcher.wake();
      await receiver.waitFor(1);
      // Wake-ups keep coming (events, polls) while the lease runs: nothing is sent again.
      for (let i = 0; i < 20; i++) {
        dispatcher.wake();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(receiver.received).toHaveLength(1);
      expect(queue.releases).toBe(0);
      // Once the lease ran out (2 × timeout + 5 s), the message is tried again, and recorded this time.
      queue.recordError = undefined;
      clock.time = start + 2 * 2_000 + 5_000 + 1;
      dispatcher.wake();
      await receiver.waitFor(2);
      for (let i = 0; queue.records.length === 0; i++) {
        if (i > 500) throw new Error('the attempt was not recorded');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(queue.records[0].decision.status).toBe('succeeded');
    } finally {
      await dispatcher.beforeApplicationShutdown();
      await receiver.close();
    }
  });
});
