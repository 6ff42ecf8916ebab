import { aLeague } from '../testing/a-league';
import { InvalidLeagueTransitionError } from './league-errors';
import { acceptsTournaments, allowedTransitions, canTransition, isTerminal, LEAGUE_STATUSES, LeagueStatus } from './league-status';

/** Every (from, to) pair of statuses and whether spec §6 allows it. */
const ALLOWED = new Set(['draft→active', 'draft→archived', 'active→completed', 'completed→archived']);

const PAIRS = LEAGUE_STATUSES.flatMap((from) =>
  LEAGUE_STATUSES.filter((to) => to !== from).map((to) => [from, to, ALLOWED.has(`${from}→${to}`)] as const),
);

describe('league state machine', () => {
  it('covers every ordered pair of distinct statuses', () => {
    expect(PAIRS).toHaveLength(LEAGUE_STATUSES.length * (LEAGUE_STATUSES.length - 1));
  });

  it.each(PAIRS)('%s → %s allowed: %s', (from: LeagueStatus, to: LeagueStatus, allowed: boolean) => {
    expect(canTransition(from, to)).toBe(allowed);
    const league = aLeague({ status: from });
    const updatedAt = league.updatedAt;
    if (allowed) {
      expect(league.update({ status: to })).toBe(true);
      expect(league.status).toBe(to);
    } else {
      expect(() => league.update({ status: to })).toThrow(InvalidLeagueTransitionError);
      expect(league.status).toBe(from);
      expect(league.updatedAt).toBe(updatedAt);
    }
  });

  it('treats a PATCH to the current status as no change rather than a transition', () => {
    for (const status of LEAGUE_STATUSES) expect(aLeague({ status }).update({ status })).toBe(false);
  });

  it('names the allowed targets when refusing', () => {
    const league = aLeague({ status: 'draft' });
    expect(() => league.update({ status: 'completed' })).toThrow(
      expect.objectContaining({
        code: 'invalid_state_transition',
        extensions: { current_status: 'draft', requested_status: 'completed', allowed_transitions: ['active', 'archived'] },
      }),
    );
  });

  it('treats archived, and only archived, as terminal', () => {
    expect(LEAGUE_STATUSES.filter(isTerminal)).toEqual(['archived']);
    expect(allowedTransitions('archived')).toEqual([]);
    expect(() => aLeague({ status: 'archived' }).update({ status: 'draft' })).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ allowed_transitions: [] }) }),
    );
  });

  it('lets only draft and active leagues take tournaments', () => {
    expect(LEAGUE_STATUSES.filter(acceptsTournaments)).toEqual(['draft', 'active']);
  });
});
