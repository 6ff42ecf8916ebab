import type { NamedStandingRow } from '../domain/standings-table';

/** A standings row as GET …/standings (and the standings.changed event) show it. Pure: it also runs in worker threads. */
export function presentStandingRow(row: NamedStandingRow) {
  return {
    rank: row.rank,
    participant_id: row.participantId,
    name: row.name,
    status: row.status,
    played: row.played,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    points: row.points,
    score_for: row.scoreFor,
    score_against: row.scoreAgainst,
    tiebreakers: row.tiebreakers,
    reached: row.reached,
  };
}
