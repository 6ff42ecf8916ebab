/*
 * Every hard rule a timetable breaks: what GET …/schedule/conflicts lists, and what the property tests hold
 * every plan to. A timetable is each open match's time and station (planned or fixed); matches without a time
 * are left out.
 */
import { Span } from './intervals';
import { allowedTimes, ScheduleMatch, ScheduleStation } from './schedule';
import { ruleBook, StageRules } from './stage-rules';

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
  /** Stages' own rest and windows, for the matches that name one (`rules`). */
  stageRules?: StageRules[];
}

export function findConflicts(timetable: Timetable): ScheduleConflict[] {
  const { matches, times, stations } = timetable;
  const book = ruleBook(timetable);
  const conflicts: ScheduleConflict[] = [];
  const allowedBySet = allowedTimes({ stations }, book).map((set) => new Map(stations.map((station, index) => [station.id, set[index]])));
  const timed = matches
    .filter((match) => times.has(match.id))
    .map((match) => ({ match, from: times.get(match.id)!.startsAt, to: times.get(match.id)!.startsAt + match.durationMs, stationId: times.get(match.id)!.stationId }))
    .sort((a, b) => a.from - b.from || a.match.order - b.match.order);
  const byId = new Map(timed.map((entry) => [entry.match.id, entry]));

  for (const entry of timed) {
    const spans = allowedBySet[book.setOf(entry.match)].get(entry.stationId);
    const inside = spans === undefined ? false : spans === null || spans.some((span) => span.from <= entry.from && entry.to <= span.to);
    if (!inside) conflicts.push({ rule: 'station_unavailable', matchId: entry.match.id, otherMatchId: null });
    for (const feederId of entry.match.feeders) {
      const feeder = byId.get(feederId);
      if (feeder && feeder.to + book.gap(feeder.match, entry.match) > entry.from) conflicts.push({ rule: 'feeder_rest', matchId: entry.match.id, otherMatchId: feederId });
    }
  }
  // Pairs that overlap (a station) or come within the rest (a participant): a sweep in start order.
  const byStation = new Map<string, typeof timed>();
  const byParticipant = new Map<string, typeof timed>();
  for (const entry of timed) {
    (byStation.get(entry.stationId) ?? byStation.set(entry.stationId, []).get(entry.stationId)!).push(entry);
    for (const id of entry.match.participants) (byParticipant.get(id) ?? byParticipant.set(id, []).get(id)!).push(entry);
  }
  // `gap` of a pair: none between matches on a station, the larger rest of the two between a participant's.
  const pairs = (groups: Map<string, typeof timed>, gapOf: (a: ScheduleMatch, b: ScheduleMatch) => number, widest: number, rule: ScheduleRule) => {
    const seen = new Set<string>();
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length && group[j].from < group[i].to + widest; j++) {
          const gap = gapOf(group[i].match, group[j].match);
          if (group[j].from >= group[i].to + gap || group[j].to + gap <= group[i].from) continue;
          const key = `${group[i].match.id}|${group[j].match.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          conflicts.push({ rule, matchId: group[j].match.id, otherMatchId: group[i].match.id });
        }
      }
    }
  };
  pairs(byStation, () => 0, 0, 'station_overlap');
  pairs(byParticipant, book.gap, book.maxRest, 'participant_rest');
  return conflicts;
}
