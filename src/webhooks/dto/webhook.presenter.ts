import { wireInstant } from '../../platform/http/wire-instant';
import { Delivery } from '../domain/delivery';
import { WebhookEndpoint } from '../domain/webhook-endpoint';

const at = (date: Date | null) => (date ? wireInstant(date) : null);

export function presentWebhook(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes ?? ['*'],
    tournament_id: endpoint.tournamentId,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    failing_since: at(endpoint.failingSince),
    previous_secret_expires_at: endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > Date.now() ? at(endpoint.previousSecretExpiresAt) : null,
    created_at: wireInstant(endpoint.createdAt),
    updated_at: wireInstant(endpoint.updatedAt),
  };
}

/** Creation and rotation are the only answers that carry the secret. */
export function presentWebhookWithSecret(endpoint: WebhookEndpoint, secret: string) {
  return { ...presentWebhook(endpoint), secret };
}

export function presentDelivery(delivery: Delivery) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    sequence: delivery.sequence,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: at(delivery.nextAttemptAt),
    last_attempt_at: at(delivery.lastAttemptAt),
    last_status_code: delivery.lastStatusCode,
    last_response_body: delivery.lastResponseBody,
    last_error: delivery.lastError,
    last_duration_ms: delivery.lastDurationMs,
    created_at: wireInstant(delivery.createdAt),
  };
}
