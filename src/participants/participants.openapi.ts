import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { ConcurrentWritesError } from '../platform/concurrency/fresh-version';
import { InvalidError } from '../kernel/domain-error';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from '../platform/idempotency/idempotent-requests';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, getOneOperation, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { LIST_PARAMETER_DOCS } from '../platform/openapi/openapi-document';
import { problemResponse, ProblemSource } from '../platform/openapi/problem-examples';
import { FieldDocs, queryParameters, requestBodySchema } from '../platform/openapi/request-schema';
import { COMMON_FIELD_DOCS, resourceSchemas } from '../platform/openapi/resource-operations';
import { TournamentNotFoundError } from '../tournaments';
import { newParticipants, Participant, PARTICIPANT_LIMITS, repeatedInBatch } from './domain/participant';
import { PARTICIPANT_STATUSES } from './domain/withdrawal';
import {
  CheckInClosedError,
  ExternalIdTakenError,
  GroupLockedError,
  ParticipantFieldLockedError,
  ParticipantNameTakenError,
  ParticipantNotFoundError,
  ParticipantsLockedError,
  SeedingClosedError,
  SeedTakenError,
  TournamentFullError,
} from './domain/participant-errors';
import { MAX_RANDOM_SEED, SEEDING_ORDERS } from './domain/seeding';
import { LeagueNotRatedError, UnknownLeagueError } from '../leagues';
import { SeedParticipantsDto } from './dto/seed-body.dto';
import { MAX_PARTICIPANTS_LIMIT } from '../tournaments';
import { ListParticipantsQuery } from './dto/list-participants.query';
import { BULK_LIMITS, CreateParticipantDto, UpdateParticipantDto } from './dto/participant-body.dto';
import { presentParticipant } from './dto/participant.presenter';
import './participants.problems';

/**
 * The participants part of the OpenAPI document (see tournaments.openapi.ts for what comes from where).
 * Participants live under a tournament, so their paths are written here rather than by `resourcePaths`;
 * their schemas are the house ones.
 */
const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const EXAMPLE_ID = '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7b';
const COLLECTION = `/api/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}/participants`;
const ITEM = `${COLLECTION}/${EXAMPLE_ID}`;
const LOCK = 'From `in_progress` on (and in `completed` or `cancelled`) only `name` and `metadata` change (409 `field_locked`); `group` changes only in a `draft`.';

const FIELD_DOCS: FieldDocs = {
  ...COMMON_FIELD_DOCS,
  name: {
    description:
      'Unique in the tournament (409 `participant_name_taken`), compared ignoring case (ß = SS), Unicode normalisation (é written either way, full-width Ａ = A), ' +
      'invisible characters (zero-width space, soft hyphen) and repeated white space. Stored as sent; leading and trailing whitespace is trimmed.',
  },
  seed: { description: 'Unique in the tournament (409 `seed_taken`); `null` = unseeded. Seeded participants come first in the seeding order.' },
  external_id: { description: 'Your own id for the player or team; unique in the tournament when set (409 `external_id_taken`).' },
  group: {
    description:
      'The group of the first stage this participant plays in, for a `multi_stage` tournament whose first stage is seeded `manual` (`A`, `B`, … `AA`); `null` = none. ' +
      'Set only while the tournament is a `draft` (409 `field_locked` otherwise); a label the first stage does not have, or any label for a tournament without ' +
      'hand-set groups, is 422 at its pointer. The start is 409 `groups_not_fillable` naming every participant without a group and every group of fewer than 2.',
  },
};

/** Participants as the presenter sends them, built by the domain. */
function presented(items: Parameters<typeof Participant.create>[2][]) {
  const participants = newParticipants('example-account', EXAMPLE_TOURNAMENT_ID, items, new Date('2026-04-05T12:00:00.000Z'));
  return participants.map((participant, index) => ({ ...presentParticipant(participant), id: index === 0 ? EXAMPLE_ID : participant.id }));
}

const CLASHES: ProblemSource[] = [new ParticipantNameTakenError(), new SeedTakenError(), new ExternalIdTakenError()];
const REGISTRATION_REFUSALS: ProblemSource[] = [...CLASHES, new TournamentFullError(16, 16), new ParticipantsLockedError(), new GroupLockedError('registration_open'), new IdempotencyKeyInUseError()];

export function participantsApiDocs(): ApiDocs {
  const create = { name: 'Ada Lovelace', seed: 1, external_id: 'player-1815' };
  const [example] = presented([{ name: create.name, seed: create.seed, externalId: create.external_id, metadata: { club: 'Rooks' } }]);
  const bulk = { participants: [{ name: 'Ada Lovelace', seed: 1 }, { name: 'Alan Turing', seed: 2 }, { name: 'Grace Hopper' }] };
  const bulkResult = { data: presented(bulk.participants) };
  const schemas = resourceSchemas({
    schema: 'Participant',
    description: 'A player or team registered in a tournament.',
    create: CreateParticipantDto,
    update: UpdateParticipantDto,
    fieldDocs: FIELD_DOCS,
    serverFields: {
      tournament_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, readOnly: true, description: 'The tournament it is registered in.' },
      final_rank: {
        type: ['integer', 'null'],
        format: 'int32',
        minimum: 1,
        maximum: PARTICIPANT_LIMITS.maxSeed,
        readOnly: true,
        description: 'Set when the tournament completes; ties share a rank (cleared while a correction has reopened it).',
      },
      status: {
        type: 'string',
        enum: [...PARTICIPANT_STATUSES],
        readOnly: true,
        description: '`active`, or `withdrawn` / `disqualified` once they left the running tournament (POST …/withdraw; POST …/reinstate takes it back).',
      },
      withdrawal: {
        type: ['object', 'null'],
        readOnly: true,
        description: 'How they left; `null` while active.',
        required: ['reason', 'note', 'void_results', 'forfeit_score', 'at'],
        properties: {
          reason: { type: 'string', enum: ['withdrawn', 'disqualified'] },
          note: { type: ['string', 'null'], maxLength: 500 },
          void_results: { type: 'boolean', description: 'Round robin disqualification: every match of theirs counts for nobody.' },
          forfeit_score: { type: ['array', 'null'], minItems: 2, maxItems: 2, items: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000_000 } },
          at: { type: 'string', format: 'date-time', maxLength: 24 },
        },
      },
      checked_in_at: {
        type: ['string', 'null'],
        format: 'date-time',
        maxLength: 24,
        readOnly: true,
        description: 'When they checked in (POST …/check-in); `null` when they have not (or checked out).',
      },
    },
    createdWithDefaults: presented([{ name: 'Ada Lovelace' }])[0],
    example,
    patchDescription: `A JSON merge patch (RFC 7396): absent fields stay unchanged, \`null\` clears \`seed\` or \`external_id\`. ${LOCK}`,
  });
  return {
    problemMembers: {
      max_participants: { type: 'integer', format: 'int32', minimum: 2, maximum: 8192, description: '`tournament_full` only: the tournament’s cap (its `max_participants`, or its format’s limit when that is lower or no cap is set).' },
      participant_count: { type: 'integer', format: 'int32', minimum: 0, maximum: 8192, description: '`tournament_full` only: how many participants it has.' },
    },
    tags: [{ name: 'Participants', description: 'The players or teams registered in a tournament, with their seeds. Locked once the tournament starts.' }],
    paths: {
      '/api/v1/tournaments/{id}/participants': { parameters: [tournamentId()], get: list(example), post: createOne(create, example) },
      '/api/v1/tournaments/{id}/participants/bulk': { parameters: [tournamentId()], post: createMany(bulk, bulkResult) },
      '/api/v1/tournaments/{id}/participants/seed': { parameters: [tournamentId()], post: seedOperation() },
      '/api/v1/tournaments/{id}/participants/{participant_id}': {
        parameters: [tournamentId(), participantId()],
        get: getOneOperation('Participant', 'participant', 'Participants', example, participantNotFound()),
        patch: update(example),
        delete: remove(),
      },
      '/api/v1/tournaments/{id}/participants/{participant_id}/check-in': {
        parameters: [tournamentId(), participantId()],
        post: checkInOperation(true, { ...example, checked_in_at: '2026-05-01T17:45:00.000Z' }),
      },
      '/api/v1/tournaments/{id}/participants/{participant_id}/check-out': {
        parameters: [tournamentId(), participantId()],
        post: checkInOperation(false, example),
      },
    },
    components: {
      schemas: {
        ...schemas,
        ParticipantBulkCreate: {
          type: 'object',
          description:
            `${BULK_LIMITS.min}–${BULK_LIMITS.max} participants, registered all or nothing. A 422 points into the array (\`/participants/3/name\`); ` +
            'a name (compared as for `participant_name_taken`), seed or external id repeated inside the batch is 422 on the later item.',
          required: ['participants'],
          additionalProperties: false,
          // The item schema inline: request bodies are inlined, so ParticipantCreate is not kept as a component.
          properties: { participants: { type: 'array', minItems: BULK_LIMITS.min, maxItems: BULK_LIMITS.max, items: schemas.ParticipantCreate } },
        },
        ParticipantSeeding: requestBodySchema(
          SeedParticipantsDto,
          {
            by: {
              description:
                '`rating`: by the ratings table of the league `league_id` (best first; players it has not rated last, by name; players are joined as the league ' +
                'table joins them: `external_id`, otherwise the name ignoring case). `name`: by name, ignoring case. `random`: a shuffle that the same ' +
                '`random_seed` repeats over the same field.',
            },
            league_id: { description: '`rating` only, and required with it: one of your leagues with a `rating` (else 422 on `/league_id`, or 409 `league_not_rated`).' },
            random_seed: { description: '`random` only: repeats a shuffle. Absent: a new one is drawn and returned, so it can be repeated.' },
            dry_run: { description: 'Only show the order: nothing is written.', default: false },
          },
          'How to seed the whole field.',
        ),
        ParticipantSeedingResult: {
          type: 'object',
          description: 'The field in its new seeding order.',
          required: ['by', 'league_id', 'random_seed', 'dry_run', 'data'],
          properties: {
            by: { type: 'string', enum: [...SEEDING_ORDERS] },
            league_id: { type: ['string', 'null'], format: 'uuid', minLength: 36, maxLength: 36, description: 'The league whose ratings ordered the field (`rating`), `null` otherwise.' },
            random_seed: { type: ['integer', 'null'], format: 'int64', minimum: 0, maximum: MAX_RANDOM_SEED, description: 'The seed of the shuffle (`random`), `null` otherwise.' },
            dry_run: { type: 'boolean' },
            data: {
              type: 'array',
              maxItems: MAX_PARTICIPANTS_LIMIT,
              items: {
                type: 'object',
                required: ['participant_id', 'name', 'external_id', 'previous_seed', 'seed'],
                properties: {
                  participant_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
                  name: { type: 'string', maxLength: PARTICIPANT_LIMITS.nameLength },
                  external_id: { type: ['string', 'null'], maxLength: PARTICIPANT_LIMITS.externalIdLength },
                  previous_seed: { type: ['integer', 'null'], format: 'int32', minimum: PARTICIPANT_LIMITS.minSeed, maximum: PARTICIPANT_LIMITS.maxSeed },
                  seed: {
                    type: ['integer', 'null'],
                    format: 'int32',
                    minimum: PARTICIPANT_LIMITS.minSeed,
                    maximum: PARTICIPANT_LIMITS.maxSeed,
                    description: `The new seed: 1, 2, … in this order; \`null\` past ${PARTICIPANT_LIMITS.maxSeed}, the highest seed there is.`,
                  },
                },
              },
            },
          },
        },
        ParticipantBulkResult: {
          type: 'object',
          description: 'The participants registered, in the order sent.',
          required: ['data'],
          properties: { data: { type: 'array', maxItems: BULK_LIMITS.max, items: schemaRef('Participant') } },
        },
      } satisfies Record<string, SchemaObject>,
    },
  };
}

function tournamentId(): ParameterObject {
  return idParameter('tournament', EXAMPLE_TOURNAMENT_ID);
}

function participantId(): ParameterObject {
  return {
    ...idParameter('participant', EXAMPLE_ID),
    name: 'participant_id',
    description: 'The participant’s id. A malformed id is 404, like an unknown one or one of another tournament.',
  };
}

const notFound = (instance: string, error: ProblemSource) =>
  problemResponse('No such tournament among yours (unknown id, malformed id, or another account’s), or no such participant in it.', instance, [error], API_HEADERS);
const tournamentNotFound = () => notFound(COLLECTION, new TournamentNotFoundError());
const participantNotFound = () => notFound(ITEM, new ParticipantNotFoundError());
const tag = ['Participants'];

function list(example: object): ApiOperation {
  return {
    operationId: 'listParticipants',
    summary: 'List a tournament’s participants',
    description: 'One page at a time; by default seeded participants by seed, then the rest in registration order. Unknown query parameters are 400.',
    tags: tag,
    parameters: queryParameters(ListParticipantsQuery, {
      ...LIST_PARAMETER_DOCS,
      sort: {
        description:
          'Sort field; a leading `-` sorts descending. `seed` (the default) is the seeding order: seeded participants by seed, then the ' +
          'unseeded in registration order. Ties are broken by id, so pages never skip or repeat rows.',
        example: 'name',
      },
      q: { description: 'Only those whose name contains this text, ignoring case.', example: 'ada' },
    }),
    responses: {
      '200': jsonResponse('A page of participants.', 'ParticipantList', { data: [example], next_cursor: null }, headerRefs('Link')),
      '400': ref('responses', 'InvalidParameter'),
      '404': tournamentNotFound(),
    },
  };
}

/** What registering one participant or a batch can be refused with, besides a 422. */
function registrationRefusals(instance: string, conflict: string) {
  return {
    '400': ref('responses', 'MalformedRequest'),
    '404': tournamentNotFound(),
    '409': problemResponse(conflict, instance, REGISTRATION_REFUSALS, API_HEADERS),
    '413': ref('responses', 'PayloadTooLarge'),
    '415': ref('responses', 'UnsupportedMediaType'),
  };
}

function createOne(body: object, example: object): ApiOperation {
  return {
    operationId: 'createParticipant',
    summary: 'Register a participant',
    description: 'Until the tournament starts, and while it has room (`max_participants`). Send an `Idempotency-Key` to make a retry safe.',
    tags: tag,
    parameters: [ref('parameters', 'IdempotencyKey')],
    requestBody: jsonBody('ParticipantCreate', 'The new participant.', body),
    responses: {
      '201': jsonResponse('Registered; the body is the new participant.', 'Participant', example, headerRefs('Location', 'ETag', 'Idempotent-Replayed')),
      ...registrationRefusals(
        COLLECTION,
        'The name, seed or external id is taken in the tournament, the tournament is full or has started, or a request with the same `Idempotency-Key` is still running.',
      ),
      '422': ref('responses', 'IdempotentCreateInvalid'),
    },
  };
}

function createMany(body: { participants: object[] }, result: object): ApiOperation {
  const repeated = repeatedInBatch([{ name: 'Ada' }, { name: 'Alan', seed: 1 }, { name: 'Grace', seed: 1 }, { name: 'ADA' }]);
  return {
    operationId: 'createParticipantsInBulk',
    summary: `Register up to ${BULK_LIMITS.max} participants at once`,
    description:
      'One transaction: every participant is registered, or none. Counts as one request against the rate limit. ' +
      'A batch that would pass `max_participants` is 409 `tournament_full`; one that clashes with a registered participant is that clash’s 409.',
    tags: tag,
    parameters: [ref('parameters', 'IdempotencyKey')],
    requestBody: jsonBody('ParticipantBulkCreate', 'The participants, in registration order.', body),
    responses: {
      '201': jsonResponse('Registered; `data` holds the new participants in the order sent.', 'ParticipantBulkResult', result, headerRefs('Idempotent-Replayed')),
      ...registrationRefusals(
        `${COLLECTION}/bulk`,
        'A name, seed or external id is taken in the tournament, the batch would pass `max_participants`, the tournament has started, or a request with the same `Idempotency-Key` is still running.',
      ),
      '422': problemResponse(
        'Items break a rule or repeat an earlier item (`validation_failed`, every one listed by its pointer), or the `Idempotency-Key` was used before with another body.',
        `${COLLECTION}/bulk`,
        [new InvalidError([{ pointer: '/participants/1/seed', detail: 'seed must not be greater than 1024' }, ...repeated]), new IdempotencyKeyReusedError()],
        API_HEADERS,
      ),
    },
  };
}

function update(example: object): ApiOperation {
  return {
    operationId: 'updateParticipant',
    summary: 'Update a participant (JSON merge patch)',
    description: `Send only the fields to change; \`null\` clears \`seed\` or \`external_id\`. ${LOCK}`,
    tags: tag,
    parameters: [ref('parameters', 'IfMatch')],
    requestBody: jsonBody('ParticipantPatch', 'The changes, as a JSON merge patch (RFC 7396).', { seed: null, metadata: { club: 'Knights' } }, { mergePatch: true }),
    responses: {
      '200': jsonResponse('Updated; the body is the participant as it is now.', 'Participant', example, headerRefs('ETag')),
      '400': ref('responses', 'MalformedRequest'),
      '404': participantNotFound(),
      '409': problemResponse(
        'The name, seed or external id is taken, the field is locked since the start (`group`: since the tournament left `draft`), or other requests kept changing the participant.',
        ITEM,
        [...CLASHES, new ParticipantFieldLockedError(['seed']), new GroupLockedError('registration_open'), new ConcurrentWritesError('participant')],
        API_HEADERS,
      ),
      '412': ref('responses', 'PreconditionFailed'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': ref('responses', 'ValidationFailed'),
    },
  };
}

function checkInOperation(present: boolean, example: object): ApiOperation {
  const window = new CheckInClosedError('Check-in opens at 2026-05-01T17:00:00.000Z.', {
    opensAt: new Date('2026-05-01T17:00:00.000Z'),
    closesAt: new Date('2026-05-01T17:55:00.000Z'),
  });
  return {
    operationId: present ? 'checkInParticipant' : 'checkOutParticipant',
    summary: present ? 'Check a participant in' : 'Take a participant’s check-in back',
    description:
      (present ? 'Sets `checked_in_at` (checking in twice keeps the first time). ' : 'Clears `checked_in_at`. ') +
      'Before the start only, inside the tournament’s window (`check_in_opens_at` … `check_in_closes_at`, either end open when null); otherwise 409 ' +
      '`check_in_closed`. With `check_in_required`, the start leaves out whoever has not checked in. No body is needed.',
    tags: tag,
    parameters: [ref('parameters', 'IfMatch'), ref('parameters', 'IdempotencyKey')],
    responses: {
      '200': jsonResponse('The participant as it is now.', 'Participant', example, headerRefs('ETag')),
      '404': participantNotFound(),
      '409': problemResponse('Outside the check-in window, or the tournament has started.', `${ITEM}/${present ? 'check-in' : 'check-out'}`, [window], API_HEADERS),
      '412': ref('responses', 'PreconditionFailed'),
    },
  };
}

function seedOperation(): ApiOperation {
  const example = {
    by: 'random',
    league_id: null,
    random_seed: 20260501,
    dry_run: false,
    data: [
      { participant_id: EXAMPLE_ID, name: 'Ada Lovelace', external_id: 'player-1815', previous_seed: null, seed: 1 },
      { participant_id: '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7c', name: 'Alan Turing', external_id: null, previous_seed: 1, seed: 2 },
    ],
  };
  return {
    operationId: 'seedParticipants',
    summary: 'Seed the whole field at once',
    description:
      'Sets every participant’s seed (1, 2, …) in one transaction, while the tournament is a `draft` (else 409 `seeding_closed`): by a league’s ' +
      'ratings (`rating`), by name, or at random. ' +
      'Every participant whose seed changes gets a new version and a `participant.updated` event. `dry_run` shows the order and writes nothing.',
    tags: tag,
    parameters: [ref('parameters', 'IdempotencyKey')],
    requestBody: jsonBody('ParticipantSeeding', 'How to seed.', { by: 'random', random_seed: 20260501 }),
    responses: {
      '200': jsonResponse('The field in its new order (written unless `dry_run`).', 'ParticipantSeedingResult', example),
      '400': ref('responses', 'MalformedRequest'),
      '404': tournamentNotFound(),
      '409': problemResponse(
        'The tournament is no longer a draft, or the league rates no players.',
        `${COLLECTION}/seed`,
        [new SeedingClosedError('registration_closed'), new LeagueNotRatedError()],
        API_HEADERS,
      ),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': problemResponse(
        'An unknown order, an option the order does not take, or a league_id that names none of your leagues.',
        `${COLLECTION}/seed`,
        [InvalidError.field('/random_seed', 'only `"by": "random"` takes a random_seed.'), new UnknownLeagueError()],
        API_HEADERS,
      ),
    },
  };
}

function remove(): ApiOperation {
  return {
    operationId: 'deleteParticipant',
    summary: 'Withdraw a participant',
    description: 'Until the tournament starts. Send the `ETag` you last read in `If-Match` to delete only what you saw (else 412).',
    tags: tag,
    parameters: [ref('parameters', 'IfMatch')],
    responses: {
      '204': emptyResponse('Withdrawn. No body.'),
      '400': ref('responses', 'MalformedRequest'),
      '404': participantNotFound(),
      '409': problemResponse('The tournament has started, or other requests kept changing the participant.', ITEM, [
        new ParticipantsLockedError(),
        new ConcurrentWritesError('participant'),
      ], API_HEADERS),
      '412': ref('responses', 'PreconditionFailed'),
      // A DELETE takes no body, but one sent is parsed (and refused) like any other.
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
    },
  };
}
