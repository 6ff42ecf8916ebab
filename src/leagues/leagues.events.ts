import type { EventTypeEntry } from '../platform/module-manifest';
import { schemaRef } from '../platform/openapi/openapi-kit';
import { deletionData } from '../events';

/** The event types the leagues module appends, with their summary and the schema of their `data`. */
export const LEAGUE_EVENT_TYPES = {
  'league.created': { data: schemaRef('League'), summary: 'A league was created.' },
  'league.updated': { data: schemaRef('League'), summary: 'A league’s fields or status changed.' },
  'league.deleted': { data: deletionData(), summary: 'A league was deleted.' },
} as const satisfies Record<string, EventTypeEntry>;
