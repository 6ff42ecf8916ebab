import type { StandingRow } from '../../competition';
import type { NamedStandingRow } from '../domain/standings-table';

type Totals = Omit<StandingRow, 'rank' | 'participantId' | 'tiebreakers'>;

/** A row's totals as the API and the public snapshots show them, in this order. */
export function presentTotals(row: Totals) {
  return {
    played: row.played,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    points: row.points,
    score_for: row.scoreFor,
    score_against: row.scoreAgainst,
  };
}

/** A standings row as GET …/standings (and the standings.changed event) show it. Pure: it also runs in worker threads. */
export function presentStandingRow(row: NamedStandingRow) {
  return {
    rank: row.rank,
    participant_id: row.participantId,
    name: row.name,
    status: row.status,
    ...presentTotals(row),
    games_won: row.gamesWon ?? null,
    games_lost: row.gamesLost ?? null,
    tiebreakers: row.tiebreakers,
    reached: row.reached,
  };
}
