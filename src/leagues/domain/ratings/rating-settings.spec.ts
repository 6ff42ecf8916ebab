import { InvalidError } from '../../../kernel/domain-error';
import { ratingSettingsOf } from './rating-settings';

function pointersOf(value: unknown): string[] {
  try {
    ratingSettingsOf(value);
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldProblems.map((problem) => problem.pointer);
    throw error;
  }
  throw new Error('expected a 422');
}

describe('a league rating setting', () => {
  it('is none when null', () => {
    expect(ratingSettingsOf(null)).toBeNull();
  });

  it("fills each model's defaults: openskill's β and τ follow σ, as in the package", () => {
    expect(ratingSettingsOf({ model: 'openskill' })).toEqual({ model: 'openskill', mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: (25 / 3) / 100, provisional_matches: 5, per_game: false });
    expect(ratingSettingsOf({ model: 'openskill', sigma: 10 })).toMatchObject({ mu: 25, sigma: 10, beta: 5, tau: 0.1 });
    expect(ratingSettingsOf({ model: 'glicko2' })).toEqual({ model: 'glicko2', rating: 1500, rd: 350, volatility: 0.06, tau: 0.5, provisional_matches: 5, per_game: false });
    expect(ratingSettingsOf({ model: 'elo', k: 16, provisional_matches: 0, per_game: true })).toEqual({ model: 'elo', rating: 1500, k: 16, provisional_matches: 0, per_game: true });
  });

  it('refuses an unknown model, options out of range, options of another model and a non-boolean per_game, each at its pointer', () => {
    expect(pointersOf({ model: 'trueskill' })).toEqual(['/rating/model']);
    expect(pointersOf({})).toEqual(['/rating/model']);
    expect(pointersOf('elo')).toEqual(['/rating']);
    expect(pointersOf({ model: 'openskill', sigma: 0, beta: -1, tau: Number.NaN })).toEqual(['/rating/sigma', '/rating/beta', '/rating/tau']);
    expect(pointersOf({ model: 'glicko2', rd: 0, volatility: 2, tau: 5, rating: '1500' })).toEqual(['/rating/rating', '/rating/rd', '/rating/volatility', '/rating/tau']);
    expect(pointersOf({ model: 'elo', k: 0, provisional_matches: 2.5, per_game: 'yes' })).toEqual(['/rating/k', '/rating/provisional_matches', '/rating/per_game']);
    expect(pointersOf({ model: 'elo', mu: 25 })).toEqual(['/rating/mu']);
  });
});
