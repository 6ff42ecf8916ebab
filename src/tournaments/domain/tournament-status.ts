import { stateMachine } from '../../kernel/state-machine';

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

export const { allowedTransitions, canTransition, isTerminal } = stateMachine(TRANSITIONS);

/** From in_progress on, the competition's setup is fixed. */
export function locksSetup(status: TournamentStatus): boolean {
  return status === 'in_progress' || isTerminal(status);
}
