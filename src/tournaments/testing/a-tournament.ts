import { randomUUID } from 'node:crypto';
import { NewTournament, Tournament } from '../domain/tournament';
import { TOURNAMENT_LIFECYCLE } from '../domain/tournament-status';

/**
 * A tournament for tests, in any status: `aTournament({ status: 'in_progress' })`.
 * Statuses a new tournament cannot start in are reached the way users do, by transitions.
 */
export function aTournament(
  overrides: Partial<NewTournament> & { accountId?: string; createdAt?: Date } = {},
): Tournament {
  const { accountId = randomUUID(), createdAt = new Date(), status = 'draft', ...fields } = overrides;
  const tournament = Tournament.create(accountId, { name: 'Spring Cup', format: 'single_elimination', ...fields }, createdAt);
  for (const step of TOURNAMENT_LIFECYCLE.pathBetween('draft', status)) tournament.update({ status: step }, createdAt);
  return tournament;
}
