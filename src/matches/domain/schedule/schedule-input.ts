/*
 * From a tournament's matches to the scheduler's input: how long each match takes (`match_minutes`, per round
 * like `best_of`) and which open matches feed each one's empty slots.
 */
import { Match } from '../match';
import type { ScheduleMatch } from './schedule';

/** `match_minutes`: one duration, or a default with some rounds by name (`final`, `semi_final`, …) or number. */
export type MatchMinutes = number | { default: number; rounds?: Readonly<Record<string, number>> };

export const DEFAULT_MATCH_MINUTES = 30;
export const DEFAULT_REST_MINUTES = 10;

/**
 * The names a match's round goes by, most specific first: in a bracket, `grand_final`, `third_place`, or
 * `final`, `semi_final`, `quarter_final` counted back from the last round of the main (or winners) bracket;
 * then the round number, for the main or winners bracket and for rounds of round robins and swiss.
 */
export function roundNames(match: Match, lastMainRound: number): string[] {
  if (match.bracket === 'grand_final') return ['grand_final'];
  if (match.bracket === 'third_place') return ['third_place'];
  if (match.bracket === 'losers') return [];
  const fromEnd = lastMainRound - match.round;
  const named = fromEnd === 0 ? ['final'] : fromEnd === 1 ? ['semi_final'] : fromEnd === 2 ? ['quarter_final'] : [];
  return [...named, String(match.round)];
}

/** A match's minutes under the setting (the default for rounds it does not name). */
export function minutesOf(setting: MatchMinutes | null | undefined, names: readonly string[]): number {
  if (setting === null || setting === undefined) return DEFAULT_MATCH_MINUTES;
  if (typeof setting === 'number') return setting;
  for (const name of names) {
    const minutes = setting.rounds?.[name];
    if (minutes !== undefined) return minutes;
  }
  return setting.default;
}

/**
 * The open matches as the scheduler sees them (no fixed or earlier times yet: the caller adds those). A match
 * waits for every open match whose winner or loser moves into it; completed feeders have filled their slot.
 * `bracketLayout`: the format draws a bracket, so rounds have names.
 */
export function scheduleMatchesOf(matches: readonly Match[], setting: MatchMinutes | null | undefined, bracketLayout: boolean): ScheduleMatch[] {
  const lastMainRound = Math.max(0, ...matches.filter((match) => match.bracket === 'main' || match.bracket === 'winners').map((match) => match.round));
  const open = matches.filter((match) => match.status !== 'completed');
  const feeders = new Map<string, string[]>();
  for (const match of open) {
    for (const next of [match.nextMatchId, match.loserNextMatchId]) {
      if (next !== null) (feeders.get(next) ?? feeders.set(next, []).get(next)!).push(match.id);
    }
  }
  return open.map((match) => ({
    id: match.id,
    order: match.number,
    durationMs: minutesOf(setting, bracketLayout ? roundNames(match, lastMainRound) : [String(match.round)]) * 60_000,
    participants: match.opponents.flatMap((opponent) => (opponent.participantId === null ? [] : [opponent.participantId])),
    feeders: feeders.get(match.id) ?? [],
    fixed: null,
    previous: null,
  }));
}

/** A stored match's place in the schedule, as the planner reads it (MatchRecord's schedule fields). */
export interface StoredPlace {
  id: string;
  scheduledAt: Date | null;
  endsAt: Date | null;
  stationId: string | null;
  pinnedAt: Date | null;
}

/** Fixed: pinned (with a time and a station), or being played at `from` (started on a station, not yet ended). */
export function fixedPlace(place: StoredPlace, from: number): { startsAt: number; stationId: string } | null {
  if (place.scheduledAt === null || place.stationId === null) return null;
  const startsAt = place.scheduledAt.getTime();
  const running = startsAt <= from && place.endsAt !== null && from < place.endsAt.getTime();
  return place.pinnedAt !== null || running ? { startsAt, stationId: place.stationId } : null;
}

/** The open matches with what the stored schedule says of them: fixed ones, and where the others were before. */
export function withStoredPlaces(matches: ScheduleMatch[], places: ReadonlyMap<string, StoredPlace>, from: number): ScheduleMatch[] {
  return matches.map((match) => {
    const place = places.get(match.id);
    if (!place || place.scheduledAt === null) return match;
    return { ...match, fixed: fixedPlace(place, from), previous: { startsAt: place.scheduledAt.getTime(), stationId: place.stationId } };
  });
}
