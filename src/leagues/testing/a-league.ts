import { randomUUID } from 'node:crypto';
import { League, NewLeague } from '../domain/league';
import { LEAGUE_LIFECYCLE } from '../domain/league-status';

/**
 * A league for tests, in any status: `aLeague({ status: 'completed' })`.
 * Statuses a new league cannot start in are reached the way users do, by transitions.
 */
export function aLeague(overrides: Partial<NewLeague> & { accountId?: string; createdAt?: Date } = {}): League {
  const { accountId = randomUUID(), createdAt = new Date(), status = 'draft', ...fields } = overrides;
  const league = League.create(accountId, { name: 'City Chess League', ...fields }, createdAt);
  for (const step of LEAGUE_LIFECYCLE.pathBetween('draft', status)) league.update({ status: step }, createdAt);
  return league;
}
