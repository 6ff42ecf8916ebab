import type { ParameterObject } from 'openapi3-ts/oas31';
import { InvalidError } from '../kernel/domain-error';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { requestBodySchema } from '../platform/openapi/request-schema';
import { AlreadyWithdrawnError, NotWithdrawnError, ParticipantNotFoundError } from '../participants';
import { WithdrawalDependentsError } from '../competition';
import { WithdrawParticipantDto } from './dto/withdrawal-body.dto';
import { TournamentNotRunningError } from './withdrawals.service';
import './matches.problems';

/** The withdrawals part of the OpenAPI document (issue 32): leaving a running tournament, and coming back. */
const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const EXAMPLE_PARTICIPANT_ID = '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7b';
const ITEM = `/api/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}/participants/${EXAMPLE_PARTICIPANT_ID}`;
const tag = ['Participants'];

const participantExample = {
  id: EXAMPLE_PARTICIPANT_ID,
  tournament_id: EXAMPLE_TOURNAMENT_ID,
  name: 'Ada Lovelace',
  seed: 1,
  external_id: null,
  metadata: {},
  group: null,
  final_rank: null,
  status: 'disqualified',
  withdrawal: { reason: 'disqualified', note: 'Did not show up for round 2.', void_results: false, forfeit_score: null, at: '2026-05-01T18:30:00.000Z' },
  checked_in_at: '2026-05-01T17:45:00.000Z',
  created_at: '2026-04-05T12:00:00.000Z',
  updated_at: '2026-05-01T18:30:00.000Z',
  version: 3,
};

const resultExample = { participant: participantExample, changed_matches: [], created_matches: [], deleted_matches: [], tournament_completed: false };

export function withdrawalsApiDocs(): ApiDocs {
  return {
    tags: [],
    paths: {
      '/api/v1/tournaments/{id}/participants/{participant_id}/withdraw': { parameters: [tournamentId(), participantId()], post: withdraw() },
      '/api/v1/tournaments/{id}/participants/{participant_id}/reinstate': { parameters: [tournamentId(), participantId()], post: reinstate() },
    },
    components: {
      schemas: {
        ParticipantWithdrawal: requestBodySchema(
          WithdrawParticipantDto,
          {
            reason: { description: '`withdrawn` (they left) or `disqualified` (the organiser removed them): the participant’s new `status`.' },
            note: { description: 'Why, for the record.' },
            void_results: { description: 'Round robin disqualification only: every match of theirs, played ones included, counts for nobody.' },
            forfeit_score: { description: 'Round robin and swiss only: the score each forfeit records, the winner’s first (default: no score, a 0–0 win).' },
          },
          'How a participant leaves a running tournament.',
        ),
        WithdrawalResult: {
          type: 'object',
          required: ['participant', 'changed_matches', 'created_matches', 'deleted_matches', 'tournament_completed'],
          properties: {
            participant: schemaRef('Participant'),
            changed_matches: { type: 'array', maxItems: 100_000, items: schemaRef('Match'), description: 'Matches decided by forfeit (or void), reopened, or moved on.' },
            created_matches: { type: 'array', maxItems: 100_000, items: schemaRef('Match'), description: 'A swiss round paired because this completed the current one.' },
            deleted_matches: {
              type: 'array',
              maxItems: 100_000,
              items: { type: 'object', required: ['id', 'number'], properties: {
                  id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
                  number: { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 },
                },
              },
              description: 'Swiss rounds paired without them, paired again on reinstatement.',
            },
            tournament_completed: { type: 'boolean', description: 'Whether this decided the last open match (final ranks are then set).' },
          },
        },
      },
    },
  };
}

function withdraw(): ApiOperation {
  return {
    operationId: 'withdrawParticipant',
    summary: 'Withdraw or disqualify a participant of a running tournament',
    description:
      'One transaction. Elimination: their current and future matches are forfeits (the opponent advances, scores `null`; a match both sides left is void ' +
      'and the next one goes to whoever arrives). Round robin: their remaining matches are forfeit wins for the opponents (`forfeit_score`, default none). ' +
      'Swiss: their open match is a forfeit and later rounds are paired without them (their games keep counting in opponents’ Buchholz). ' +
      'Free-for-all: they are ranked last in the rounds reported afterwards. Results already played stand. Before the start this is a plain removal (204).',
    tags: tag,
    parameters: [ref('parameters', 'IfMatch'), ref('parameters', 'IdempotencyKey')],
    requestBody: jsonBody('ParticipantWithdrawal', 'How they leave.', { reason: 'disqualified', note: 'Did not show up for round 2.' }),
    responses: {
      '200': jsonResponse('Withdrawn: the participant and the matches this decided.', 'WithdrawalResult', resultExample, headerRefs('ETag')),
      '204': emptyResponse('Before the start: removed, like DELETE.'),
      '404': notFound(),
      '409': problemResponse(
        'They already left, or the tournament is not in progress.',
        `${ITEM}/withdraw`,
        [new AlreadyWithdrawnError('withdrawn'), new TournamentNotRunningError('completed')],
        API_HEADERS,
      ),
      '412': ref('responses', 'PreconditionFailed'),
      '422': problemResponse(
        'An option the format does not take.',
        `${ITEM}/withdraw`,
        [InvalidError.field('/void_results', 'only a round robin disqualification may void the results already played.')],
        API_HEADERS,
      ),
    },
  };
}

function reinstate(): ApiOperation {
  return {
    operationId: 'reinstateParticipant',
    summary: 'Take a withdrawal back',
    description:
      'While no reported match depends on what it decided: its forfeits reopen, the participant goes back where the bracket sends them, and swiss rounds ' +
      'paired without them are paired again. No body is needed.',
    tags: tag,
    parameters: [ref('parameters', 'IfMatch'), ref('parameters', 'IdempotencyKey')],
    responses: {
      '200': jsonResponse('Active again: the participant and the matches this reopened.', 'WithdrawalResult', { ...resultExample, participant: { ...participantExample, status: 'active', withdrawal: null } }, headerRefs('ETag')),
      '404': notFound(),
      '409': problemResponse(
        'Nothing to take back, matches played since depend on it, or the tournament is not in progress.',
        `${ITEM}/reinstate`,
        [new NotWithdrawnError(), new WithdrawalDependentsError([{ id: '0196a0d0-0000-7000-8000-000000000005', number: 5 }]), new TournamentNotRunningError('completed')],
        API_HEADERS,
      ),
      '412': ref('responses', 'PreconditionFailed'),
    },
  };
}

function tournamentId(): ParameterObject {
  return idParameter('tournament', EXAMPLE_TOURNAMENT_ID);
}

function participantId(): ParameterObject {
  return { ...idParameter('participant', EXAMPLE_PARTICIPANT_ID), name: 'participant_id', description: 'The participant’s id.' };
}

const notFound = () =>
  problemResponse('No such tournament among yours, or no such participant in it.', ITEM, [new ParticipantNotFoundError()], API_HEADERS);
