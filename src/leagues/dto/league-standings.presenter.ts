import { wireInstant } from '../../platform/http/wire-instant';
import { PlacementRow, SumRow } from '../domain/league-standings';
import { LeagueStandings } from '../league-standings.service';

export function presentPlacementRow(row: PlacementRow) {
  return {
    rank: row.rank,
    competitor: row.competitor,
    name: row.name,
    points: row.points,
    results: row.results.map((result) => ({
      tournament_id: result.tournamentId,
      rank: result.rank,
      points: result.points,
      counted: result.counted,
    })),
    tiebreakers: row.tiebreakers,
  };
}

export function presentSumRow(row: SumRow) {
  return {
    rank: row.rank,
    competitor: row.competitor,
    name: row.name,
    points: row.points,
    tournaments: row.tournaments,
    played: row.played,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    score_for: row.scoreFor,
    score_against: row.scoreAgainst,
    tiebreakers: row.tiebreakers,
  };
}

/** GET /api/v1/leagues/:id/standings: the scoring, the tournaments counted, and the rows. */
export function presentLeagueStandings(standings: LeagueStandings) {
  return {
    scoring: standings.scoring,
    tournaments: standings.tournaments.map((tournament) => ({
      id: tournament.id,
      name: tournament.name,
      format: tournament.format,
      weight: tournament.weight,
      completed_at: wireInstant(tournament.completedAt),
    })),
    data: standings.scoring === 'sum' ? standings.sum.map(presentSumRow) : standings.placements.map(presentPlacementRow),
  };
}
