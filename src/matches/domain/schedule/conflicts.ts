/*
 * Every hard rule a timetable breaks: what GET …/schedule/conflicts lists, and what the property tests hold
 * every plan to. A timetable is each open match's time and station (planned or fixed); matches without a time
 * are left out.
 */
import { intersectSpans, normaliseSpans, Span } from './intervals';
import type { ScheduleMatch, ScheduleStation } from './schedule';

/** The hard rules; `overdue` is a stored match still open after its `ends_at` (the stored plan no longer holds). */
export const SCHEDULE_RULES = ['station_overlap', 'station_unavailable', 'participant_rest', 'feeder_rest', 'overdue'] as const;
export type ScheduleRule = (typeof SCHEDULE_RULES)[number];

export interface Timed {
  startsAt: number;
  stationId: string;
}

export interface ScheduleConflict {
  rule: ScheduleRule;
  matchId: string;
  /** The other match of the pair; null for a station used outside its time. */
  otherMatchId: string | null;
}

export interface Timetable {
  matches: ScheduleMatch[];
  times: ReadonlyMap<string, Timed>;
  stations: ScheduleStation[];
  windows: Span[] | null;
  restMs: number;
}

export function findConflicts({ matches, times, stations, windows, restMs }: Timetable): ScheduleConflict[] {
  const conflicts: ScheduleConflict[] = [];
  const normalisedWindows = windows === null ? null : normaliseSpans(windows);
  const allowed = new Map(stations.map((station) => [station.id, intersectSpans(station.available === null ? null : normaliseSpans(station.available), normalisedWindows)]));
  const timed = matches
    .filter((match) => times.has(match.id))
    .map((match) => ({ match, from: times.get(match.id)!.startsAt, to: times.get(match.id)!.startsAt + match.durationMs, stationId: times.get(match.id)!.stationId }))
    .sort((a, b) => a.from - b.from || a.match.order - b.match.order);
  const byId = new Map(timed.map((entry) => [entry.match.id, entry]));

  for (const entry of timed) {
    const spans = allowed.get(entry.stationId);
    const inside = spans === undefined ? false : spans === null || spans.some((span) => span.from <= entry.from && entry.to <= span.to);
    if (!inside) conflicts.push({ rule: 'station_unavailable', matchId: entry.match.id, otherMatchId: null });
    for (const feederId of entry.match.feeders) {
      const feeder = byId.get(feederId);
      if (feeder && feeder.to + restMs > entry.from) conflicts.push({ rule: 'feeder_rest', matchId: entry.match.id, otherMatchId: feederId });
    }
  }
  // Pairs that overlap (a station) or come within the rest (a participant): a sweep in start order.
  const byStation = new Map<string, typeof timed>();
  const byParticipant = new Map<string, typeof timed>();
  for (const entry of timed) {
    (byStation.get(entry.stationId) ?? byStation.set(entry.stationId, []).get(entry.stationId)!).push(entry);
    for (const id of entry.match.participants) (byParticipant.get(id) ?? byParticipant.set(id, []).get(id)!).push(entry);
  }
  const pairs = (groups: Map<string, typeof timed>, gap: number, rule: ScheduleRule) => {
    const seen = new Set<string>();
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length && group[j].from < group[i].to + gap; j++) {
          if (group[j].to + gap <= group[i].from) continue;
          const key = `${group[i].match.id}|${group[j].match.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          conflicts.push({ rule, matchId: group[j].match.id, otherMatchId: group[i].match.id });
        }
      }
    }
  };
  pairs(byStation, 0, 'station_overlap');
  pairs(byParticipant, restMs, 'participant_rest');
  return conflicts;
}
