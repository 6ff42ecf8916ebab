import { lifecycle } from '../../kernel/state-machine';
import { InvalidLeagueTransitionError } from './league-errors';

/**
 * The league lifecycle (spec §6): draft → active → completed → archived, plus
 * draft → archived (a league abandoned before it began). archived is terminal.
 */
export const LEAGUE_STATUSES = ['draft', 'active', 'completed', 'archived'] as const;
export type LeagueStatus = (typeof LEAGUE_STATUSES)[number];

const TRANSITIONS: Record<LeagueStatus, readonly LeagueStatus[]> = {
  draft: ['active', 'archived'],
  active: ['completed'],
  completed: ['archived'],
  archived: [],
};

/** Statuses a new league may start in: planned, or already running. */
export const INITIAL_STATUSES: readonly LeagueStatus[] = ['draft', 'active'];

export const LEAGUE_LIFECYCLE = lifecycle({
  noun: 'league',
  transitions: TRANSITIONS,
  initialStatuses: INITIAL_STATUSES,
  refusal: (from, to, allowed) => new InvalidLeagueTransitionError(from, to, allowed),
});
export const { allowedTransitions, canTransition, isTerminal } = LEAGUE_LIFECYCLE;

/** Only a league that has not finished takes tournaments (spec §6); completed and archived ones are closed. */
export function acceptsTournaments(status: LeagueStatus): boolean {
  return status === 'draft' || status === 'active';
}
