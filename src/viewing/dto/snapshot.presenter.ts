import { presentTotals } from '../../matches';
import { wireInstantOrNull as instant } from '../../platform/http/wire-instant';
import { deciderText, LeagueView, TournamentView } from '../domain/tournament-view';

/**
 * The read-only snapshot at /v/:share_id.json, for widgets: snake_case like the API, but holding only what the pages
 * show (names, seeds, results, standings), never ids, metadata, external ids or anything of the account.
 */
export function presentTournamentSnapshot(view: TournamentView) {
  return {
    kind: 'tournament',
    name: view.name,
    description: view.description,
    game: view.game,
    format: view.format,
    status: view.status,
    starts_at: instant(view.startsAt),
    planned_rounds: view.plannedRounds,
    participants: view.entrants.map((entrant) => ({ name: entrant.name, seed: entrant.seed, final_rank: entrant.finalRank })),
    matches: view.matches.map((match) => ({
      number: match.number,
      round: match.round,
      bracket: match.bracket,
      status: match.status,
      next_match_number: match.nextNumber,
      stage: match.stage,
      group: match.group,
      opponents: match.opponents.map((opponent) => ({
        name: opponent.name,
        seed: opponent.seed,
        score: opponent.score,
        rank: opponent.rank,
        result: opponent.result,
        ...(opponent.placeholder === undefined ? {} : { placeholder: opponent.placeholder }),
      })),
      outcome: match.outcome,
      games: match.games.map((game) => ({ scores: game.scores, winner_index: game.winner })),
      decider: match.decider === null ? null : { method: match.decider.method, scores: match.decider.scores, text: deciderText(match) },
    })),
    standings: view.standings.map((row) => ({
      rank: row.rank,
      name: row.name,
      seed: row.seed,
      ...presentTotals(row),
      games_won: row.gamesWon ?? null,
      games_lost: row.gamesLost ?? null,
      tiebreakers: row.tiebreakers,
    })),
    // Each stage's group tables, as GET …/standings?stage= ranks them (issue 40); null outside a staged tournament.
    stages:
      view.stages &&
      view.stages.map((stage) => ({
        key: stage.key,
        name: stage.name,
        format: stage.format,
        status: stage.status,
        groups: stage.groups.map((group) => ({
          label: group.label,
          standings: group.rows.map((row) => ({ rank: row.rank, name: row.name, seed: row.seed, ...presentTotals(row) })),
        })),
      })),
  };
}

export function presentLeagueSnapshot(view: LeagueView) {
  return {
    kind: 'league',
    name: view.name,
    description: view.description,
    game: view.game,
    season: view.season,
    status: view.status,
    tournaments: view.tournaments.map((tournament) => ({
      name: tournament.name,
      format: tournament.format,
      status: tournament.status,
      starts_at: instant(tournament.startsAt),
      placings: tournament.placings,
    })),
    unshared_tournaments: view.unshared.count,
    table: view.table.map((row) => ({
      rank: row.rank,
      name: row.name,
      tournaments: row.tournaments,
      wins: row.wins,
      podiums: row.podiums,
      best_rank: row.bestRank,
    })),
    // Public fields only: no player keys (they hold external ids), no model numbers beyond the score ranked by.
    ratings:
      view.ratings?.map((row) => ({ rank: row.rank, name: row.name, score: Math.round(row.score * 100) / 100, matches: row.matches, provisional: row.provisional })) ?? null,
  };
}
