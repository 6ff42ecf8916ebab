import { SCHEDULE_LIMITS } from '../../competition';

const minutes = (min: number) => ({ type: 'integer', format: 'int32', minimum: min, maximum: SCHEDULE_LIMITS.minutes });
const instant = { type: 'string', format: 'date-time', maxLength: 40 };

/** The `schedule` object's shape for the OpenAPI document; its contents are checked by the domain (schedule-settings.ts). */
export const SCHEDULE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    starts_at: { type: ['string', 'null'], format: 'date-time', maxLength: 40, description: 'Nothing is planned before it (default: when the plan is made).' },
    match_minutes: {
      description: 'Minutes a match takes (default 30), or per round: `{ "default": 30, "rounds": { "final": 60 } }` (rounds `final`, `semi_final`, `quarter_final`, `grand_final`, `third_place`, or a number).',
      oneOf: [
        minutes(1),
        {
          type: 'object',
          required: ['default'],
          additionalProperties: false,
          properties: {
            default: minutes(1),
            rounds: { type: 'object', maxProperties: SCHEDULE_LIMITS.rounds, additionalProperties: minutes(1) },
          },
        },
      ],
    },
    rest_minutes: { ...minutes(0), description: 'The least time between a participant’s matches, counting the matches they could still reach (default 10).' },
    windows: {
      type: ['array', 'null'],
      maxItems: SCHEDULE_LIMITS.windows,
      description: 'When play may happen (default: always), such as two evenings; each `to` after its `from`.',
      items: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: instant, to: instant } },
    },
  },
};
