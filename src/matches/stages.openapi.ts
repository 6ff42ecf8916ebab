import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { API_HEADERS, ApiDocs, ApiOperation, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { requestBodySchema } from '../platform/openapi/request-schema';
import { STAGE_LIMITS, stageFormats } from '../competition';
import { TournamentNotFoundError } from '../tournaments';
import { DecisionRowsNotTiedError, StageNotAwaitingDecisionError, StageNotFoundError } from '../competition';
import { StageDecisionDto } from './dto/stage-decision-body.dto';
import './matches.problems';

/** The stages part of the OpenAPI document (issue 40): a multi_stage tournament's stages, groups and decisions. */
const tag = ['Stages'];
const TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const LIST = `/api/v1/tournaments/${TOURNAMENT_ID}/stages`;
const ITEM = `${LIST}/groups`;
const P1 = '0196a0c1-0000-7000-8000-000000000001';
const P2 = '0196a0c1-0000-7000-8000-000000000002';

const EXAMPLE = {
  key: 'groups',
  name: 'Group stage',
  status: 'awaiting_decision',
  format: 'round_robin',
  groups: [{ label: 'A', participants: [{ id: P1, name: 'Brazil', seed: 1 }, { id: P2, name: 'Serbia', seed: null }] }],
  advance: { per_group: 2 },
  seeding: 'snake',
  rounds: null,
  third_place_match: false,
  points: null,
  tiebreakers: null,
  legs: null,
  qualifiers: null,
  awaiting_decision: { group: 'H', cut: 2, rows: [{ participant_id: P1, name: 'Brazil' }, { participant_id: P2, name: 'Serbia' }] },
  decisions: [],
};

const notFound = problemResponse('No such tournament among yours, or no stage of that key in it.', ITEM, [new StageNotFoundError()], API_HEADERS);

const operations: Record<string, ApiOperation> = {
  list: {
    operationId: 'listStages',
    summary: 'List a tournament’s stages',
    description: 'A multi_stage tournament’s stages in play order (empty for a tournament of one format), each with its status, groups, and once its play is over its qualifiers or the tie it waits on.',
    tags: tag,
    responses: {
      '200': jsonResponse('The stages.', 'StagePage', { data: [EXAMPLE], next_cursor: null }),
      '400': ref('responses', 'InvalidParameter'),
      '404': problemResponse('No such tournament among yours.', LIST, [new TournamentNotFoundError()], API_HEADERS),
    },
  },
  get: {
    operationId: 'getStage',
    summary: 'Get one stage',
    description: 'By its key. Its groups with their participants; `qualifiers` once known; `awaiting_decision` (the tied rows and the cut) while it waits for a decision.',
    tags: tag,
    responses: { '200': jsonResponse('The stage.', 'Stage', EXAMPLE), '400': ref('responses', 'InvalidParameter'), '404': notFound },
  },
  decide: {
    operationId: 'decideStageTie',
    summary: 'Decide a tie across a cut',
    description:
      'Rows level on every tiebreaker on both sides of a stage’s cut stop the event (`awaiting_decision`); nothing is guessed. The organiser orders them (drawing of lots, fair play points, a decider played elsewhere): ' +
      'the decision is kept, shown in the standings as the tiebreaker `organiser_decision` with its reason, and the next stage fills at once. ' +
      '`group` is the group’s label, or null for the table of the best k-th placed rows.',
    tags: tag,
    requestBody: jsonBody('StageDecisionRequest', 'The tied rows in the decided order.', { group: 'H', order: [P2, P1], reason: 'fair play points' }),
    responses: {
      '200': jsonResponse('The stage as it is now.', 'Stage', { ...EXAMPLE, status: 'completed', awaiting_decision: null }),
      '404': notFound,
      '409': problemResponse('The stage is not waiting for a decision.', `${ITEM}/decisions`, [new StageNotAwaitingDecisionError('groups', 'in_progress')], API_HEADERS),
      '422': problemResponse('The rows named are not the tied ones (or a field is not valid).', `${ITEM}/decisions`, [new DecisionRowsNotTiedError('/order', 'must name each of the tied rows once.')], API_HEADERS),
    },
  },
};

export function stagesApiDocs(): ApiDocs {
  const tournament: ParameterObject = idParameter('tournament', TOURNAMENT_ID);
  const key: ParameterObject = { name: 'key', in: 'path', required: true, description: 'The stage’s key.', schema: { type: 'string', maxLength: 32 }, example: 'groups' };
  const uuid: SchemaObject = { type: 'string', format: 'uuid', maxLength: 36 };
  const text: SchemaObject = { type: 'string', maxLength: 200 };
  const count: SchemaObject = { type: 'integer', format: 'int32', minimum: 0, maximum: 8192 };
  const row: SchemaObject = { type: 'object', properties: { participant_id: uuid, name: { ...text, type: ['string', 'null'] } } };
  return {
    tags: [{ name: 'Stages', description: 'A multi_stage tournament’s stages (docs/stages.md): groups, qualifiers, ties across a cut and organisers’ decisions.' }],
    paths: {
      '/api/v1/tournaments/{id}/stages': { parameters: [tournament], get: operations.list },
      '/api/v1/tournaments/{id}/stages/{key}': { parameters: [tournament, key], get: operations.get },
      '/api/v1/tournaments/{id}/stages/{key}/decisions': { parameters: [tournament, key], post: operations.decide },
    },
    components: {
      schemas: {
        Stage: {
          type: 'object',
          required: Object.keys(EXAMPLE),
          properties: {
            key: { type: 'string', maxLength: 32 },
            name: { type: 'string', maxLength: 200 },
            status: { type: 'string', enum: ['pending', 'in_progress', 'awaiting_decision', 'completed'] },
            format: { type: 'string', enum: stageFormats() },
            groups: {
              type: 'array',
              maxItems: STAGE_LIMITS.maxGroups,
              items: {
                type: 'object',
                properties: {
                  label: { type: 'string', maxLength: 3 },
                  participants: { type: 'array', maxItems: 8192, items: { type: 'object', properties: { id: uuid, name: text, seed: { ...count, type: ['integer', 'null'] } } } },
                },
              },
            },
            advance: { description: '`{ per_group, best? }` or `{ top }`; null for the last stage.' },
            seeding: { description: 'As set (defaults filled in).' },
            rounds: { ...count, type: ['integer', 'null'] },
            third_place_match: { type: 'boolean' },
            points: {},
            tiebreakers: {},
            legs: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 2 },
            qualifiers: {
              type: ['array', 'null'],
              maxItems: 8192,
              description: 'Once known: who moved on from which place.',
              items: { type: 'object', properties: { participant_id: uuid, name: { ...text, type: ['string', 'null'] }, source: { type: 'object' }, placeholder: { type: 'string', maxLength: 100 } } },
            },
            awaiting_decision: {
              type: ['object', 'null'],
              description: 'While the stage waits: the group (null: the best-of-the-rest table), the cut (places above the line) and the tied rows.',
              properties: { group: { type: ['string', 'null'], maxLength: 3 }, cut: count, rows: { type: 'array', maxItems: 8192, items: row } },
            },
            decisions: {
              type: 'array',
              maxItems: 64,
              items: {
                type: 'object',
                properties: {
                  group: { type: ['string', 'null'], maxLength: 3 },
                  order: { type: 'array', maxItems: 64, items: uuid },
                  reason: { type: 'string', maxLength: 500 },
                  decided_at: { type: 'string', format: 'date-time', maxLength: 24 },
                },
              },
            },
          },
        },
        StagePage: { type: 'object', required: ['data', 'next_cursor'], properties: { data: { type: 'array', maxItems: 4, items: schemaRef('Stage') }, next_cursor: { type: 'null' } } },
        StageDecisionRequest: requestBodySchema(
          StageDecisionDto,
          {
            group: { description: 'The group’s label, or null for the table of the best k-th placed rows.' },
            order: { description: 'The ids of exactly the tied rows, best first.' },
            reason: { description: 'Why (shown with the tiebreaker `organiser_decision`).' },
          },
          'An organiser’s decision.',
        ),
      },
    },
  };
}
