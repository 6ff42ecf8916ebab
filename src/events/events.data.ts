import type { SchemaObject } from 'openapi3-ts/oas31';

const uuid: SchemaObject = { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 };

/** The `data` of a deletion event, shared by every module that deletes a resource. */
export function deletionData(): SchemaObject {
  return {
    type: 'object',
    required: ['id'],
    description: 'What was deleted (a participant’s deletion also names its tournament).',
    properties: { id: uuid, tournament_id: uuid },
  };
}

/** An id in an event's `data`. */
export function uuidData(): SchemaObject {
  return { ...uuid };
}
