import { InvalidError } from '../../kernel/domain-error';
import { League } from './league';

describe('a league’s rating setting', () => {
  const rated = () => League.create('account', { name: 'Ladder', rating: { model: 'elo', k: 24 } as never });

  it('is null unless given, and is stored with the model’s defaults filled in', () => {
    expect(League.create('account', { name: 'Plain' }).rating).toBeNull();
    expect(rated().rating).toEqual({ model: 'elo', rating: 1500, k: 24, provisional_matches: 5, per_game: false });
  });

  it('a patch of options merges into the current ones, a null option goes back to its default, and the same values change nothing', () => {
    const league = rated();
    expect(league.update({ rating: { k: 24 } as never })).toBe(false);
    expect(league.update({ rating: { rating: 1200, provisional_matches: 3 } as never })).toBe(true);
    expect(league.rating).toEqual({ model: 'elo', rating: 1200, k: 24, provisional_matches: 3, per_game: false });
    league.update({ rating: { k: null } as never });
    expect(league.rating).toMatchObject({ k: 32, rating: 1200 });
  });

  it('naming another model replaces the setting; null stops rating', () => {
    const league = rated();
    league.update({ rating: { model: 'glicko2' } as never });
    expect(league.rating).toEqual({ model: 'glicko2', rating: 1500, rd: 350, volatility: 0.06, tau: 0.5, provisional_matches: 5, per_game: false });
    league.update({ rating: null });
    expect(league.rating).toBeNull();
  });

  it('refuses a bad option without changing anything', () => {
    const league = rated();
    const before = { ...league.rating };
    expect(() => league.update({ rating: { k: -1 } as never, name: 'Renamed' })).toThrow(InvalidError);
    expect(league.rating).toEqual(before);
    expect(league.name).toBe('Ladder');
  });
});
