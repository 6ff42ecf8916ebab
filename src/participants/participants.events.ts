import type { EventTypeEntry } from '../platform/module-manifest';
import { schemaRef } from '../platform/openapi/openapi-kit';
import { deletionData } from '../events';

/** The event types the participants module appends, with their summary and the schema of their `data`. */
export const PARTICIPANT_EVENT_TYPES = {
  'participant.registered': { data: schemaRef('Participant'), summary: 'A participant was added to a tournament (one event per participant of a bulk request).' },
  'participant.updated': { data: schemaRef('Participant'), summary: 'A participant’s fields changed.' },
  'participant.removed': { data: deletionData(), summary: 'A participant was removed from a tournament.' },
} as const satisfies Record<string, EventTypeEntry>;
