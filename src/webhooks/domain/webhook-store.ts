import { Delivery } from './delivery';
import { EndpointFields, WebhookEndpoint } from './webhook-endpoint';

export interface DeliveryPage {
  deliveries: Delivery[];
  /** Deliveries before this position come next, or null at the end. */
  nextBefore: number | null;
}

/** Endpoints and their deliveries, one account at a time (another account's are not found). */
export abstract class WebhookStore {
  /** Undefined when the account already has the most endpoints. */
  abstract create(accountId: string, id: string, fields: EndpointFields, secret: string, limit: number): Promise<WebhookEndpoint | undefined>;
  abstract list(accountId: string): Promise<WebhookEndpoint[]>;
  abstract get(accountId: string, id: string): Promise<WebhookEndpoint | undefined>;
  abstract update(accountId: string, id: string, fields: EndpointFields): Promise<WebhookEndpoint | undefined>;
  abstract delete(accountId: string, id: string): Promise<boolean>;
  abstract rotateSecret(accountId: string, id: string, secret: string, previousExpiresAt: Date): Promise<WebhookEndpoint | undefined>;
  abstract deliveries(accountId: string, endpointId: string, before: number | null, limit: number): Promise<DeliveryPage>;
  /** Puts a delivery back in the queue, due now; false when there is none with that id. */
  abstract retry(accountId: string, endpointId: string, deliveryId: string): Promise<Delivery | undefined>;
  /** Queues one message that is not in the event log (the test event); undefined when `pendingLimit` deliveries already wait. */
  abstract enqueue(accountId: string, endpointId: string, message: { id: string; type: string; body: string }, pendingLimit: number): Promise<Delivery | undefined>;
  /** The account's latest failed attempts (pending retries and given-up deliveries), newest first. */
  abstract recentFailures(accountId: string, limit: number): Promise<Delivery[]>;
  /**
   * Queues again the retained events after `after` up to what the endpoint was already given, in order, leaving out
   * those it has waiting already, at most `max` and no more than bring its waiting deliveries to `pendingLimit`.
   * Returns how many it queued, or undefined when `pendingLimit` deliveries already wait.
   */
  abstract replay(accountId: string, endpoint: WebhookEndpoint, after: number, max: number, pendingLimit: number): Promise<number | undefined>;
}
