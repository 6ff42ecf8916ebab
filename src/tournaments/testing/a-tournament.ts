import { randomUUID } from 'node:crypto';
import { NewTournament, Tournament } from '../domain/tournament';
import { TournamentStatus } from '../domain/tournament-status';

/**
 * A tournament for tests, in any status: `aTournament({ status: 'in_progress' })`.
 * Statuses a new tournament cannot start in are reached the way users do, by transitions.
 */
export function aTournament(
  overrides: Partial<NewTournament> & { accountId?: string; createdAt?: Date } = {},
): Tournament {
  const { accountId = randomUUID(), createdAt = new Date(), status = 'draft', ...fields } = overrides;
  const tournament = Tournament.create(accountId, { name: 'Spring Cup', format: 'single_elimination', ...fields }, createdAt);
  for (const step of PATH_TO[status]) tournament.update({ status: step }, createdAt);
  return tournament;
}

const PATH_TO: Record<TournamentStatus, TournamentStatus[]> = {
  draft: [],
  registration_open: ['registration_open'],
  registration_closed: ['registration_open', 'registration_closed'],
  in_progress: ['in_progress'],
  completed: ['in_progress', 'completed'],
  cancelled: ['cancelled'],
};
