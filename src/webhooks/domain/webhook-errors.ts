import { ConflictError, NotFoundError } from '../../kernel/domain-error';
import { MAX_ENDPOINTS_PER_ACCOUNT } from './webhook-endpoint';

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
