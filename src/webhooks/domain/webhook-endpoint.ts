import { InvalidError } from '../../kernel/domain-error';
import { EventCatalogue, EventType } from '../../events';

export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
/**
 * Deliveries waiting for an endpoint past which a replay or a test message is refused (409): what an account can
 * make the service store by asking. New events are never refused: they are queued whatever waits.
 */
export const MAX_PENDING_DELIVERIES = 10_000;
/** The type of the message POST …/test sends (not in the event log). */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  /** null: every type. */
  eventTypes: EventType[] | null;
  tournamentId: string | null;
  enabled: boolean;
  disabledReason: string | null;
  /** When its current streak of failed attempts began; null while healthy. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the previous secret stops signing (after a rotation), else null. */
  previousSecretExpiresAt: Date | null;
}

export interface EndpointFields {
  url: string;
  description: string | null;
  eventTypes: EventType[] | null;
  tournamentId: string | null;
  enabled: boolean;
}

/** `["*"]`, or a list of known types, deduplicated; an unknown type is 422 on its index. */
export function checkEventTypes(types: readonly string[], catalogue: EventCatalogue): EventType[] | null {
  if (types.includes('*')) return null;
  const problems = types.flatMap((type, index) =>
    catalogue.has(type) ? [] : [{ pointer: `/event_types/${index}`, detail: `${JSON.stringify(type)} is not an event type (see GET /docs for the catalogue), nor "*".` }],
  );
  if (problems.length > 0) throw new InvalidError(problems);
  return [...new Set(types)];
}

/** Whether an event with this type and tournament goes to the endpoint. */
export function endpointWants(endpoint: Pick<WebhookEndpoint, 'eventTypes' | 'tournamentId'>, type: string, tournamentId: string | null): boolean {
  if (endpoint.eventTypes && !endpoint.eventTypes.includes(type)) return false;
  if (endpoint.tournamentId && endpoint.tournamentId !== tournamentId) return false;
  return true;
}
