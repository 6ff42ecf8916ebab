import type { EventTypeEntry } from '../platform/module-manifest';
import { schemaRef } from '../platform/openapi/openapi-kit';
import { deletionData, uuidData } from '../events';

/** The event types the tournaments module appends, with their summary and the schema of their `data`. */
export const TOURNAMENT_EVENT_TYPES = {
  'tournament.created': { data: schemaRef('Tournament'), summary: 'A tournament was created.' },
  'tournament.updated': { data: schemaRef('Tournament'), summary: 'A tournament’s fields changed (its status did not).' },
  'tournament.status_changed': { data: schemaRef('Tournament'), summary: 'A tournament moved to another status (other than `completed`) by PATCH; other fields may have changed with it.' },
  'tournament.completed': {
    data: completionData(),
    summary: 'A tournament completed (its last result came in, or it was PATCHed to `completed`), with every participant’s final rank; sent again when a correction re-derives the ranks.',
  },
  'tournament.deleted': { data: deletionData(), summary: 'A tournament was deleted.' },
} as const satisfies Record<string, EventTypeEntry>;

function completionData() {
  return {
    type: 'object',
    required: ['tournament', 'final_ranks'],
    properties: {
      tournament: schemaRef('Tournament'),
      final_ranks: {
        type: 'array',
        maxItems: 1024,
        description: 'Every participant’s final rank (ties share one), best first; empty for a tournament completed without matches.',
        items: {
          type: 'object',
          required: ['participant_id', 'name', 'final_rank'],
          properties: { participant_id: uuidData(), name: { type: 'string', maxLength: 100 }, final_rank: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 1024 } },
        },
      },
    },
  } satisfies EventTypeEntry['data'];
}
