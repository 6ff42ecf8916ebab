import { randomUUID } from 'node:crypto';
import { emptyOpponent, newMatch } from '../../competition';
import { MatchRecord, UNSCHEDULED } from '../domain/match.repository';

/**
 * A stored match for tests: `aMatch({ accountId, tournamentId, number: 3 })`, a ready first-round match of two
 * unknown opponents unless told otherwise; its own account and tournament unless given.
 */
export function aMatch(overrides: Partial<MatchRecord> = {}): MatchRecord {
  const at = overrides.createdAt ?? new Date();
  return {
    ...newMatch({ id: randomUUID(), number: 1, round: 1, bracket: 'main', status: 'ready', opponents: [emptyOpponent(), emptyOpponent()] }),
    accountId: randomUUID(),
    tournamentId: randomUUID(),
    ...UNSCHEDULED,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...overrides,
  };
}
