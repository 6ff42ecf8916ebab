import { lifecycle } from '../../kernel/state-machine';
import { InvalidTournamentTransitionError } from './tournament-errors';

/**
 * The tournament lifecycle (spec §5):
 * draft → registration_open → registration_closed → in_progress → completed,
 * back-steps registration_open → draft and registration_closed → registration_open,
 * the shortcut draft → in_progress, and cancelled from any non-terminal state.
 */
export const TOURNAMENT_STATUSES = [
  'draft',
  'registration_open',
  'registration_closed',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

const TRANSITIONS: Record<TournamentStatus, readonly TournamentStatus[]> = {
  draft: ['registration_open', 'in_progress', 'cancelled'],
  registration_open: ['draft', 'registration_closed', 'cancelled'],
  registration_closed: ['registration_open', 'in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Statuses a new tournament may start in. */
export const INITIAL_STATUSES: readonly TournamentStatus[] = ['draft', 'registration_open'];

export const TOURNAMENT_LIFECYCLE = lifecycle({
  noun: 'tournament',
  transitions: TRANSITIONS,
  initialStatuses: INITIAL_STATUSES,
  refusal: (from, to, allowed) => new InvalidTournamentTransitionError(from, to, allowed),
});
export const { allowedTransitions, canTransition, isTerminal } = TOURNAMENT_LIFECYCLE;

/** From in_progress on, the competition's setup is fixed. */
export function locksSetup(status: TournamentStatus): boolean {
  return status === 'in_progress' || isTerminal(status);
}
