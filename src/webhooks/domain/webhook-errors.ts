import { ConflictError, NotFoundError } from '../../kernel/domain-error';
import { MAX_ENDPOINTS_PER_ACCOUNT, MAX_PENDING_DELIVERIES } from './webhook-endpoint';

export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super('The webhook endpoint');
  }
}

export class DeliveryNotFoundError extends NotFoundError {
  constructor() {
    super('The delivery');
  }
}

export class WebhookLimitReachedError extends ConflictError {
  constructor() {
    super('webhook_limit_reached', `An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints. Delete one first.`, { limit: MAX_ENDPOINTS_PER_ACCOUNT });
  }
}

/** A retry of a delivery still waiting in the queue, or a test/replay to a disabled endpoint. */
export class WebhookDisabledError extends ConflictError {
  constructor() {
    super('webhook_disabled', 'The webhook endpoint is disabled: PATCH it with "enabled": true first.');
  }
}

/** A replay or test message for an endpoint that already has the most deliveries waiting that a request may add to. */
export class WebhookQueueFullError extends ConflictError {
  constructor() {
    super(
      'webhook_queue_full',
      `The webhook endpoint already has ${MAX_PENDING_DELIVERIES} deliveries waiting. Replay (or test) again once they are delivered.`,
      { limit: MAX_PENDING_DELIVERIES },
    );
  }
}
