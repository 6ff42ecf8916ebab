import { allowedTransitions, canTransition, TOURNAMENT_STATUSES, TournamentStatus } from './tournament-status';
import { InvalidTournamentTransitionError } from './tournament-errors';
import { aTournament } from '../testing/a-tournament';

/** Every (from, to) pair of statuses and whether spec §5 allows it. */
const ALLOWED = new Set([
  'draft→registration_open',
  'draft→in_progress',
  'draft→cancelled',
  'registration_open→draft',
  'registration_open→registration_closed',
  'registration_open→cancelled',
  'registration_closed→registration_open',
  'registration_closed→in_progress',
  'registration_closed→cancelled',
  'in_progress→completed',
  'in_progress→cancelled',
]);

const PAIRS = TOURNAMENT_STATUSES.flatMap((from) =>
  TOURNAMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to, ALLOWED.has(`${from}→${to}`)] as const),
);

describe('tournament state machine', () => {
  it.each(PAIRS)('%s → %s allowed: %s', (from: TournamentStatus, to: TournamentStatus, allowed: boolean) => {
    expect(canTransition(from, to)).toBe(allowed);
    const tournament = aTournament({ status: from });
    if (allowed) {
      tournament.update({ status: to });
      expect(tournament.status).toBe(to);
    } else {
      expect(() => tournament.update({ status: to })).toThrow(InvalidTournamentTransitionError);
      expect(tournament.status).toBe(from);
    }
  });

  it('names the allowed targets when refusing', () => {
    const tournament = aTournament({ status: 'registration_open' });
    expect(() => tournament.update({ status: 'completed' })).toThrow(
      expect.objectContaining({
        code: 'invalid_state_transition',
        extensions: expect.objectContaining({ allowed_transitions: ['draft', 'registration_closed', 'cancelled'] }),
      }),
    );
  });

  it('treats completed and cancelled as terminal', () => {
    expect(allowedTransitions('completed')).toEqual([]);
    expect(allowedTransitions('cancelled')).toEqual([]);
  });
});
