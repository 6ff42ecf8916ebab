import type { SchemaObject } from 'openapi3-ts/oas31';

const number = (description: string, range: Pick<SchemaObject, 'minimum' | 'maximum' | 'exclusiveMinimum'>): SchemaObject => ({ type: 'number', description, ...range });
const common: Record<string, SchemaObject> = {
  provisional_matches: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000, description: 'A player is provisional until rated in this many matches (default 5).' },
  per_game: { type: 'boolean', description: 'Rate each game of a series rather than the match (default false).' },
};

/** A league's `rating` on the wire (docs/ratings.md): one object per model, options optional, defaults filled in on read. */
export function ratingSettingSchema(): SchemaObject {
  const model = (name: string, options: Record<string, SchemaObject>): SchemaObject => ({
    type: 'object',
    required: ['model'],
    additionalProperties: false,
    properties: { model: { type: 'string', enum: [name] }, ...options, ...common },
  });
  return {
    oneOf: [
      model('openskill', {
        mu: number('A new player’s skill estimate μ (default 25).', { minimum: -1_000_000, maximum: 1_000_000 }),
        sigma: number('A new player’s uncertainty σ (default μ/3).', { exclusiveMinimum: 0, maximum: 1_000_000 }),
        beta: number('The luck in one result (default σ/2).', { exclusiveMinimum: 0, maximum: 1_000_000 }),
        tau: number('Added to σ before each match (default σ/100).', { minimum: 0, maximum: 1_000_000 }),
      }),
      model('glicko2', {
        rating: number('A new player’s rating (default 1500).', { minimum: 0, maximum: 10_000 }),
        rd: number('A new player’s rating deviation (default 350).', { exclusiveMinimum: 0, maximum: 1000 }),
        volatility: number('A new player’s volatility (default 0.06).', { exclusiveMinimum: 0, maximum: 1 }),
        tau: number('How fast volatility may change (default 0.5).', { minimum: 0.1, maximum: 2 }),
      }),
      model('elo', {
        rating: number('A new player’s rating (default 1500).', { minimum: 0, maximum: 10_000 }),
        k: number('The most one match moves a rating (default 32).', { exclusiveMinimum: 0, maximum: 1000 }),
      }),
    ],
  };
}
