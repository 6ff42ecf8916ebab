/*
 * From a tournament's matches to the scheduler's input: how long each match takes (`match_minutes`, per round
 * like `best_of`) and which open matches feed each one's empty slots.
 */
import { Match } from '../match/match';
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
 * How long each of `matches` takes under one `match_minutes` setting. `bracketLayout`: the format draws a bracket,
 * so rounds have names, counted back from the last round of `matches`' main (or winners) bracket.
 */
export function durationsBy(matches: readonly Match[], setting: MatchMinutes | null | undefined, bracketLayout: boolean): (match: Match) => number {
  const lastMainRound = Math.max(0, ...matches.filter((match) => match.bracket === 'main' || match.bracket === 'winners').map((match) => match.round));
  return (match) => minutesOf(setting, bracketLayout ? roundNames(match, lastMainRound) : [String(match.round)]) * 60_000;
}

/**
 * The open matches as the scheduler sees them (no fixed or earlier times yet: the caller adds those). A match
 * waits for every open match whose winner or loser moves into it; completed feeders have filled their slot.
 * `durationOf`: how long a match takes (durationsBy); `rulesOf`: its stage's own rules, if it has any.
 */
export function scheduleMatchesOf(matches: readonly Match[], durationOf: (match: Match) => number, rulesOf: (match: Match) => number | undefined = () => undefined): ScheduleMatch[] {
  const open = matches.filter((match) => match.status !== 'completed');
  const feeders = new Map<string, string[]>();
  for (const match of open) {
    for (const next of [match.nextMatchId, match.loserNextMatchId]) {
      if (next !== null) (feeders.get(next) ?? feeders.set(next, []).get(next)!).push(match.id);
    }
  }
  // A later stage's empty slot waits for every open match of the group (or, ranked across groups, the stage) it is filled from.
  const openOf = new Map<string, string[]>();
  const add = (key: string, id: string) => (openOf.get(key) ?? openOf.set(key, []).get(key)!).push(id);
  for (const match of open) {
    if (match.stage === null) continue;
    add(match.stage, match.id);
    if (match.group !== null) add(`${match.stage}/${match.group}`, match.id);
  }
  for (const match of open) {
    const sources = new Set(match.opponents.flatMap(({ participantId, source }) => (participantId === null && source ? ['group' in source ? `${source.stage}/${source.group}` : source.stage] : [])));
    if (sources.size === 0) continue;
    const list = new Set(feeders.get(match.id));
    for (const key of sources) for (const id of openOf.get(key) ?? []) list.add(id);
    feeders.set(match.id, [...list]);
  }
  return open.map((match) => {
    const rules = rulesOf(match);
    return {
      id: match.id,
      order: match.number,
      durationMs: durationOf(match),
      participants: match.opponents.flatMap((opponent) => (opponent.participantId === null ? [] : [opponent.participantId])),
      feeders: feeders.get(match.id) ?? [],
      fixed: null,
      previous: null,
      ...(rules === undefined ? {} : { rules }),
    };
  });
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
