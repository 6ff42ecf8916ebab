import { closestName, editDistance, suggestion } from './did-you-mean';

const TOURNAMENT_FIELDS = ['name', 'description', 'game', 'format', 'participant_type', 'max_participants', 'status', 'timezone', 'starts_at', 'ends_at', 'league_id', 'metadata', 'rounds'];

describe('did you mean', () => {
  it.each([
    ['start_date', 'starts_at'],
    ['startsAt', 'starts_at'],
    ['nmae', 'name'],
    ['fromat', 'format'],
    ['max_participant', 'max_participants'],
    ['leagueid', 'league_id'],
  ])('suggests the allowed name closest to %s', (typed, expected) => {
    expect(closestName(typed, TOURNAMENT_FIELDS)).toBe(expected);
  });

  it.each(['colour', 'x', 'winner', 'scores'])('suggests nothing for %s, which is no typo of an allowed name', (typed) => {
    expect(closestName(typed, TOURNAMENT_FIELDS)).toBeUndefined();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('limti', 'limit')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('reads as a sentence to append, or nothing', () => {
    expect(suggestion('limt', ['limit', 'cursor'])).toBe(' Did you mean limit?');
    expect(suggestion('zzz', ['limit', 'cursor'])).toBe('');
  });
});
