import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { newId } from '../kernel/ids';
import { wireInstant } from '../platform/http/wire-instant';
import { Delivery } from './domain/delivery';
import { checkEndpointUrl } from './domain/endpoint-url';
import { PREVIOUS_SECRET_TTL_MS, generateSecret } from './domain/signature';
import { checkEventTypes, EndpointFields, MAX_ENDPOINTS_PER_ACCOUNT, MAX_PENDING_DELIVERIES, TEST_EVENT_TYPE, WebhookEndpoint } from './domain/webhook-endpoint';
import { DeliveryNotFoundError, WebhookDisabledError, WebhookLimitReachedError, WebhookNotFoundError, WebhookQueueFullError } from './domain/webhook-errors';
import { DeliveryPage, WebhookStore } from './domain/webhook-store';
import { Clock } from './delivery/clock';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { EventCatalogue } from '../events';

/** Events one replay queues at most; replay again from the last one's sequence for more. */
export const MAX_REPLAY = 10_000;

export interface EndpointInput {
  url?: string;
  eventTypes?: string[];
  tournamentId?: string | null;
  description?: string | null;
  enabled?: boolean;
}

@Injectable()
export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly dispatcher: WebhookDispatcher,
    private readonly eventTypes: EventCatalogue,
  ) {}

  async create(accountId: string, input: EndpointInput & { url: string }): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const fields = this.fields(input, undefined);
    const secret = generateSecret();
    const endpoint = await this.store.create(accountId, newId(), fields, secret, MAX_ENDPOINTS_PER_ACCOUNT);
    if (!endpoint) throw new WebhookLimitReachedError();
    return { endpoint, secret };
  }

  list(accountId: string): Promise<WebhookEndpoint[]> {
    return this.store.list(accountId);
  }

  /** What the account pages show: every endpoint and the latest failed attempts. */
  async overview(accountId: string): Promise<{ endpoints: WebhookEndpoint[]; failures: Delivery[] }> {
    const [endpoints, failures] = await Promise.all([this.store.list(accountId), this.store.recentFailures(accountId, 10)]);
    return { endpoints, failures };
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.store.get(accountId, id);
    if (!endpoint) throw new WebhookNotFoundError();
    return endpoint;
  }

  async update(accountId: string, id: string, input: EndpointInput): Promise<WebhookEndpoint> {
    const current = await this.get(accountId, id);
    const updated = await this.store.update(accountId, id, this.fields(input, current));
    if (!updated) throw new WebhookNotFoundError();
    this.dispatcher.wake();
    return updated;
  }

  async delete(accountId: string, id: string): Promise<void> {
    if (!(await this.store.delete(accountId, id))) throw new WebhookNotFoundError();
  }

  async rotateSecret(accountId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = generateSecret();
    const endpoint = await this.store.rotateSecret(accountId, id, secret, new Date(this.clock.now().getTime() + PREVIOUS_SECRET_TTL_MS));
    if (!endpoint) throw new WebhookNotFoundError();
    return { endpoint, secret };
  }

  async deliveries(accountId: string, id: string, before: number | null, limit: number): Promise<DeliveryPage> {
    await this.get(accountId, id);
    return this.store.deliveries(accountId, id, before, limit);
  }

  async retry(accountId: string, id: string, deliveryId: string): Promise<Delivery> {
    const endpoint = await this.get(accountId, id);
    if (!endpoint.enabled) throw new WebhookDisabledError();
    const delivery = await this.store.retry(accountId, id, deliveryId);
    if (!delivery) throw new DeliveryNotFoundError();
    this.dispatcher.wake();
    return delivery;
  }

  /** Queues a `webhook.test` message (not in the event log) behind whatever the endpoint is waiting for. */
  async test(accountId: string, id: string): Promise<Delivery> {
    const endpoint = await this.get(accountId, id);
    if (!endpoint.enabled) throw new WebhookDisabledError();
    const eventId = randomUUID();
    const body = JSON.stringify({
      id: eventId,
      sequence: null,
      type: TEST_EVENT_TYPE,
      occurred_at: wireInstant(this.clock.now()),
      tournament_id: null,
      league_id: null,
      data: { webhook_id: id },
    });
    const delivery = await this.store.enqueue(accountId, id, { id: eventId, type: TEST_EVENT_TYPE, body }, MAX_PENDING_DELIVERIES);
    if (!delivery) throw new WebhookQueueFullError();
    this.dispatcher.wake();
    return delivery;
  }

  async replay(accountId: string, id: string, after: number): Promise<number> {
    const endpoint = await this.get(accountId, id);
    if (!endpoint.enabled) throw new WebhookDisabledError();
    const queued = await this.store.replay(accountId, endpoint, after, MAX_REPLAY, MAX_PENDING_DELIVERIES);
    if (queued === undefined) throw new WebhookQueueFullError();
    this.dispatcher.wake();
    return queued;
  }

  private fields(input: EndpointInput, current: WebhookEndpoint | undefined): EndpointFields {
    const url = input.url !== undefined ? checkEndpointUrl(input.url, this.config.webhookAllowHosts) : current!.url;
    return {
      url,
      eventTypes: input.eventTypes !== undefined ? checkEventTypes(input.eventTypes, this.eventTypes) : current ? current.eventTypes : null,
      tournamentId: input.tournamentId !== undefined ? input.tournamentId : (current?.tournamentId ?? null),
      description: input.description !== undefined ? input.description : (current?.description ?? null),
      enabled: input.enabled ?? current?.enabled ?? true,
    };
  }
}
