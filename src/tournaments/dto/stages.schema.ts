import { STAGE_LIMITS, stageFormats } from '../../competition';
import { TIEBREAKERS } from '../../competition';
import { SCHEDULE_SCHEMA } from './schedule-settings.schema';

const whole = (minimum: number, maximum?: number) => ({ type: 'integer', format: 'int32', minimum, ...(maximum === undefined ? {} : { maximum }) });

/** One stage as the client sends it; the domain (stages.ts) checks the rules that span fields and stages. */
export const STAGE_SCHEMA = {
  type: 'object',
  required: ['key', 'name', 'format'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', maxLength: 32, pattern: '^[a-z0-9_-]{1,32}$', description: 'Unique in the tournament; matches and routes name the stage by it.' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    format: { type: 'string', enum: stageFormats() },
    groups: { ...whole(1, STAGE_LIMITS.maxGroups), description: 'Groups playing this stage in parallel (default 1), labelled A, B, … then AA. Matches of a group only involve that group.' },
    advance: {
      description: 'Every stage but the last: `{ "per_group": n }` (the top n of each group, optionally with `best`: the m best k-th placed rows across groups, k = n + 1), or `{ "top": n }` for a one-group stage.',
      oneOf: [
        {
          type: 'object',
          required: ['per_group'],
          additionalProperties: false,
          properties: {
            per_group: whole(1, 256),
            best: { type: 'object', required: ['place', 'count'], additionalProperties: false, properties: { place: whole(2, 256), count: whole(1, 64) } },
          },
        },
        { type: 'object', required: ['top'], additionalProperties: false, properties: { top: whole(2, 8192) } },
      ],
    },
    seeding: {
      description:
        'First stage: how the field fills the groups, `snake` (default), `sequential` or `manual` (each participant\u2019s `group`). Later stages: how the qualifiers fill the stage, `cross_groups` (default), `standings`, or `{ "slots": ["A1", "B2", "3rd:1", …] }` (bracket positions top to bottom).',
      oneOf: [
        { type: 'string', enum: ['snake', 'sequential', 'manual', 'cross_groups', 'standings'] },
        { type: 'object', required: ['slots'], additionalProperties: false, properties: { slots: { type: 'array', maxItems: 8192, items: { type: 'string', maxLength: 16 } } } },
      ],
    },
    rounds: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 64, description: 'swiss and free_for_all stages.' },
    third_place_match: { type: 'boolean', description: 'single_elimination stages.' },
    points: { type: ['object', 'null'], additionalProperties: false, properties: { win: { type: 'number' }, draw: { type: 'number' }, loss: { type: 'number' } } },
    tiebreakers: { type: ['array', 'null'], maxItems: TIEBREAKERS.length, items: { type: 'string', enum: [...TIEBREAKERS] } },
    legs: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 2, enum: [1, 2, null] },
    schedule: {
      ...SCHEDULE_SCHEMA,
      type: ['object', 'null'],
      description:
        'Issue 41: this stage\u2019s own schedule settings, the same keys as the tournament\u2019s `schedule`; a key left out (or null) is the tournament\u2019s. ' +
        'The planner plans the stage\u2019s matches with them; its `starts_at` is when the stage may start at the earliest. Answered as sent (the keys set), null when none. ' +
        'Editable at any time: a PATCH of `stages` that changes only schedules is accepted during play too.',
    },
  },
} as const;

/** `stages`: 2 to 4 stages in play order (docs/stages.md). */
export const STAGES_SCHEMA = {
  type: 'array',
  minItems: STAGE_LIMITS.minStages,
  maxItems: STAGE_LIMITS.maxStages,
  items: STAGE_SCHEMA,
  description: 'Issue 40: play the tournament as 2 to 4 stages instead of one `format`; it then reads `format: "multi_stage"`. Editable while draft (each stage\u2019s `schedule` at any time).',
};
