import { wireInstant, wireInstantOrNull } from '../../platform/http/wire-instant';
import { PlayerRating, RatingHistoryEntry, RatingValues } from '../domain/ratings/rating-engine';
import { RatingSettings } from '../domain/ratings/rating-settings';

/** A model's numbers as they are, rounded only for the wire (a replay keeps full precision). */
function values(of: RatingValues): Record<string, number> {
  return Object.fromEntries(Object.entries(of).map(([name, value]) => [name, rounded(value)]));
}

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

export function presentRatingRow(settings: RatingSettings, { rank, row }: { rank: number; row: PlayerRating }) {
  return {
    rank,
    player_key: row.key,
    name: row.name,
    model: settings.model,
    score: rounded(row.score),
    ...values(row.values),
    matches: row.matches,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    provisional: row.provisional,
    last_change: row.lastChange === null ? null : rounded(row.lastChange),
    last_changed_at: wireInstantOrNull(row.lastChangedAt),
  };
}

export function presentHistoryEntry(entry: RatingHistoryEntry) {
  return {
    match_id: entry.matchId,
    tournament_id: entry.tournamentId,
    completed_at: wireInstant(entry.completedAt),
    rank: entry.rank,
    outcome: entry.outcome,
    before: { score: rounded(entry.scoreBefore), ...values(entry.before) },
    after: { score: rounded(entry.scoreAfter), ...values(entry.after) },
  };
}
