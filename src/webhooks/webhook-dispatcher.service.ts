import { randomUUID } from 'node:crypto';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventWakeups } from '../events';
import { WakeableLoop } from '../platform/concurrency/wakeable-loop';
import { packageVersion } from '../platform/package-version';
import { Clock } from './delivery/clock';
import { sendWebhook } from './delivery/webhook-sender';
import { decideAfterAttempt } from './domain/retry-schedule';
import { signatureHeader } from './domain/signature';
import { ClaimedEndpoint, DeliveryQueue } from './persistence/delivery-queue';
import { WebhookMetrics } from './webhook-metrics';

/**
 * A lease sends at most this many messages, or starts none after this long, then lets the endpoint go: the next
 * free slot goes round robin, so an account with many busy endpoints takes turns with the others.
 */
export const BATCH = 100;
export const BATCH_MS = 1_000;
/** Finished deliveries are kept as long as the log keeps events, then swept this often, in batches. */
const SWEEP_EVERY_MS = 60_000;
/** Passes start at least this far apart: while events stream in, one pass takes a burst, not a pass per event. */
const SETTLE_MS = 20;
const SWEEP_BATCH = 1_000;

/**
 * Sends deliveries: woken when the log numbers new events (on any instance) and every WEBHOOK_POLL_MS. Each pass
 * turns new events into deliveries, then leases due endpoints (up to WEBHOOK_CONCURRENCY at once, at most
 * WEBHOOK_CONCURRENCY_PER_ACCOUNT of one account, taking turns between accounts) and sends a batch of each one's
 * queue in order, one attempt at a time. A failed attempt stops that endpoint's queue until its retry is due, so a
 * failing endpoint holds back only itself.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');
  /** This instance's lease owner id (a new one each start, so a restarted process never mistakes an old lease for its own). */
  private readonly owner = randomUUID();
  private readonly active = new Map<string, Promise<void>>();
  /** Senders running here, per account. */
  private readonly held = new Map<string, number>();
  private readonly loop: WakeableLoop;
  private sweeper: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private readonly userAgent = `tournament-league-service-webhooks/${packageVersion()}`;
  private readonly leaseMs: number;
  private readonly perAccount: number;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: WebhookMetrics,
    private readonly wakeups: EventWakeups,
  ) {
    // Longer than any attempt (resolve + send + read) with room for the database: a live sender renews it with every attempt.
    this.leaseMs = 2 * config.webhookTimeoutMs + 5_000;
    // Below the instance's slots (where there are two or more), so one account's slow endpoints never hold them all.
    this.perAccount = Math.min(config.webhookConcurrency, config.webhookConcurrencyPerAccount ?? Math.max(1, Math.floor((config.webhookConcurrency * 3) / 4)));
    this.loop = new WakeableLoop(() => this.pass(), {
      pollMs: config.webhookPollMs,
      settleMs: SETTLE_MS,
      onError: (error) => this.logger.warn(`webhook dispatch pass failed: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.webhookConcurrency === 0) return;
    this.unlisten = this.wakeups.listen(() => this.wake());
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    this.loop.start(() => this.wake());
  }

  private async sweep(): Promise<void> {
    try {
      while (!this.loop.stopped && (await this.queue.sweep(this.config.eventsRetentionDays, SWEEP_BATCH)) === SWEEP_BATCH);
    } catch (error) {
      this.logger.warn(`could not sweep old webhook deliveries: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    this.unlisten?.();
    await this.loop.stop();
    await Promise.all(this.active.values());
  }

  /** New events or due retries may be waiting: look soon. */
  wake(): void {
    this.loop.wake();
  }

  /** Turns new events into deliveries, then starts senders for due endpoints; true when more events came meanwhile. */
  private async pass(): Promise<boolean> {
    let more = false;
    while (!this.loop.stopped && (await this.queue.fanOut()) > 0) more = true;
    const free = this.config.webhookConcurrency - this.active.size;
    if (free > 0 && !this.loop.stopped) {
      for (const endpoint of await this.queue.claim(this.owner, this.leaseMs, free, this.perAccount, this.held)) this.start(endpoint);
    }
    return more;
  }

  private start(endpoint: ClaimedEndpoint): void {
    const key = `${endpoint.accountId}/${endpoint.id}`;
    this.held.set(endpoint.accountId, (this.held.get(endpoint.accountId) ?? 0) + 1);
    const work = this.work(endpoint)
      .catch((error: unknown) => this.logger.warn(`webhook delivery to endpoint ${endpoint.id} stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.active.delete(key);
        const left = (this.held.get(endpoint.accountId) ?? 1) - 1;
        if (left > 0) this.held.set(endpoint.accountId, left);
        else this.held.delete(endpoint.accountId);
        this.wake();
      });
    this.active.set(key, work);
  }

  /**
   * Sends a batch of the endpoint's due queue under the lease, then lets the endpoint go. A sender that failed (an attempt it
   * could not record, the database gone) keeps the lease until it runs out: the attempt it could not record is still
   * pending, and letting go would send it again at once, again and again, as fast as the receiver answers.
   */
  private async work(endpoint: ClaimedEndpoint): Promise<void> {
    await this.send(endpoint);
    await this.queue.release(this.owner, endpoint).catch(() => undefined);
  }

  /**
   * Sends up to a batch of the endpoint's due queue in order while attempts succeed. A success is recorded while the
   * next message goes out (the outcome is known here, so order holds); a failure is recorded before anything else,
   * and the sender stops there until the retry is due. Rejects when a record failed.
   */
  private async send(endpoint: ClaimedEndpoint): Promise<void> {
    const started = performance.now();
    let failingSince = endpoint.failingSince;
    let recorded: Promise<boolean> = Promise.resolve(true);
    try {
      const deliveries = await this.queue.pending(endpoint, BATCH);
      for (const delivery of deliveries) {
        if (this.loop.stopped || performance.now() - started >= BATCH_MS || delivery.nextAttemptAt.getTime() > this.clock.now().getTime()) return;
        const attemptedAt = this.clock.now();
        const timestamp = Math.floor(attemptedAt.getTime() / 1000);
        const result = await sendWebhook(
          endpoint.url,
          {
            'content-type': 'application/json',
            'user-agent': this.userAgent,
            'webhook-id': delivery.eventId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(endpoint.secrets, delivery.eventId, timestamp, delivery.body),
          },
          delivery.body,
          { timeoutMs: this.config.webhookTimeoutMs, allowHosts: this.config.webhookAllowHosts },
        );
        const decision = decideAfterAttempt(delivery.attempts + 1, result.outcome, failingSince, this.clock.now());
        this.metrics.attempted(result.outcome.ok, decision.disableReason !== undefined);
        const outcome = result.outcome;
        // The previous attempt's record says whether the lease is still ours and the endpoint still enabled.
        if (!(await recorded)) return;
        recorded = this.queue.record(
          this.owner,
          this.leaseMs,
          endpoint,
          delivery,
          { statusCode: outcome.statusCode ?? null, responseBody: result.responseBody, error: outcome.ok ? null : outcome.error, durationMs: result.durationMs, attemptedAt },
          decision,
        );
        // Awaited later (after the next send); handled now, so a failure meanwhile is not an unhandled rejection.
        void recorded.catch(() => undefined);
        failingSince = decision.failingSince;
        if (decision.status === 'pending') return;
      }
    } finally {
      await recorded;
    }
  }
}
