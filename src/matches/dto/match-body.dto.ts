import { IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { Absentable, IsInstant, IsNumberList, Nullable, Shaped } from '../../platform/http/validation/decorators';
import { DECIDER_METHODS, REPORTED_OUTCOMES } from '../../competition';

/** The most opponents a match holds: a free-for-all of the largest field. */
const MAX_OPPONENTS = 1024;
const MAX_SCORE = 1_000_000_000;
/** The longest series: best of 9. */
const MAX_GAMES = 9;

/**
 * Body of PATCH /api/v1/tournaments/:id/matches/:match_id: a result (scores, winner_id or ranks) and/or scheduled_at.
 * A result field may be absent but not null: null reports nothing and clears nothing.
 */
export class UpdateMatchDto {
  @Absentable() @IsNumberList({ item: 'score', whole: false, min: -MAX_SCORE, max: MAX_SCORE, maxItems: MAX_OPPONENTS })
  scores?: number[];

  @Absentable() @IsUUID('all', { message: 'winner_id must be the id of one of the match’s opponents.' })
  winner_id?: string;

  @Absentable() @IsNumberList({ item: 'rank', whole: true, min: 1, max: MAX_OPPONENTS, maxItems: MAX_OPPONENTS })
  ranks?: number[];

  /** A series' games (issue 44); the domain reads each at its pointer (series.ts), so the shape here is the list's. */
  @Absentable()
  @Shaped((value) => Array.isArray(value) && value.length >= 1 && value.length <= MAX_GAMES, `$property must be a list of 1 to ${MAX_GAMES} games.`, {
    type: 'array',
    minItems: 1,
    maxItems: MAX_GAMES,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['scores'],
      properties: {
        scores: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: 0, maximum: MAX_SCORE } },
        winner_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, description: 'Who won the game, where its scores do not say (a chess game); a level game without it is drawn.' },
      },
    },
  })
  games?: unknown[];

  @Absentable() @IsIn(REPORTED_OUTCOMES, { message: `outcome must be one of ${REPORTED_OUTCOMES.join(', ')}.` })
  outcome?: (typeof REPORTED_OUTCOMES)[number];

  /** What settled level scores in a knockout match (issue 40); the domain reads its fields at their pointers (decider.ts). */
  @Absentable()
  @Shaped((value) => typeof value === 'object' && value !== null && !Array.isArray(value), '$property must be an object: { "method": "penalties", "scores": [4, 2] }.', {
    type: 'object',
    additionalProperties: false,
    required: ['method'],
    properties: {
      method: { type: 'string', enum: [...DECIDER_METHODS], description: 'How the level scores were settled.' },
      scores: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        items: { type: 'integer', format: 'int32', minimum: 0, maximum: MAX_SCORE },
        description: 'The decider’s own scores in opponents order (a shoot-out’s 4–2), the winner’s the higher; left out where it had none (a coin toss).',
      },
    },
  })
  decider?: unknown;

  @Nullable() @IsInstant()
  scheduled_at?: string | null;

  /** One of the tournament's stations (issue 41); null: none. */
  @Nullable() @IsUUID('all', { message: 'station_id must be the id of one of the tournament’s stations.' })
  station_id?: string | null;

  /** true: the planner never moves it (it needs scheduled_at and station_id); false: it is planned again. */
  @Absentable() @IsBoolean({ message: 'pinned must be true or false.' })
  pinned?: boolean;
}

const BOOLEAN = ['true', 'false'] as const;

/** Query string of the PATCH: corrections may clear reported dependents, and any report may be previewed. */
export class UpdateMatchQuery {
  @IsOptional() @IsIn(BOOLEAN, { message: 'dry_run must be true or false.' })
  dry_run?: (typeof BOOLEAN)[number];

  @IsOptional() @IsIn(BOOLEAN, { message: 'reset_dependents must be true or false.' })
  reset_dependents?: (typeof BOOLEAN)[number];
}

/** `POST …/matches/{match_id}/preview`: what a report would change; only the reset flag applies. */
export class PreviewMatchQuery {
  @IsOptional() @IsIn(BOOLEAN, { message: 'reset_dependents must be true or false.' })
  reset_dependents?: (typeof BOOLEAN)[number];
}
