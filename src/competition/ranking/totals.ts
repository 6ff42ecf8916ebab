/** What a participant's completed matches add up to (the matches module's tables carry the same totals). */
export interface CompetitionTotals {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  scoreFor: number;
  scoreAgainst: number;
}

/** The totals alone, in their order, from any row that carries them (a table row, a tally). */
export function totalsOf(row: CompetitionTotals): CompetitionTotals {
  return { played: row.played, wins: row.wins, draws: row.draws, losses: row.losses, points: row.points, scoreFor: row.scoreFor, scoreAgainst: row.scoreAgainst };
}
