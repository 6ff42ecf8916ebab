/*
 * The scheduler (issue 41): when and where each open match is played. Pure data in, a plan out: no framework, no
 * clock, no database, so it runs in a worker thread and in property tests alike. docs/schedule.md describes the
 * rules; this file keeps them:
 * - a station hosts one match at a time, only inside its `available` spans and the tournament's windows;
 * - a participant's matches keep `restMs` apart, counting the matches they could still reach: a match waits for
 *   the end of every open match that feeds one of its slots, plus the rest;
 * - fixed matches (pinned, or being played) never move; nothing new starts before `from`.
 * It is a serial list scheduler: matches are taken in priority order (a pin's feeders by their deadline first,
 * then the longest remaining chain, counting each participant's remaining matches as a chain too), each placed at
 * the earliest time and station the rules allow. With `keepOrder`, matches that had a time keep their order: each
 * starts no earlier than the one before it did, and stays on its station when that costs nothing.
 */
import { BusyTimeline, earliestFit, intersectSpans, normaliseSpans, Span } from './intervals';
import { lowerBound, ScheduleLowerBound } from './lower-bound';
import { RuleBook, ruleBook, StageRules } from './stage-rules';

export interface ScheduleStation {
  id: string;
  /** When the station may be used; null: always. */
  available: Span[] | null;
}

export interface ScheduleMatch {
  id: string;
  /** Play order (the match number): the last tie-breaker, so equal priorities keep the format's order. */
  order: number;
  durationMs: number;
  /** Participants already in the match. */
  participants: string[];
  /** Open matches whose winner or loser fills one of this match's empty slots. */
  feeders: string[];
  /** A match that does not move (pinned, or being played): where and when it is. */
  fixed: { startsAt: number; stationId: string } | null;
  /** Where the last plan put it (keepOrder keeps plans stable), or null. */
  previous: { startsAt: number; stationId: string | null } | null;
  /** Its stage's own rules (an index into the input's `stageRules`); absent: the tournament's. */
  rules?: number;
}

export interface ScheduleInput {
  matches: ScheduleMatch[];
  stations: ScheduleStation[];
  /** When play may happen; null: always. */
  windows: Span[] | null;
  restMs: number;
  /** Stages' own rest and windows (their starts_at included), for the matches that name one. */
  stageRules?: StageRules[];
  /** Nothing is placed before this instant. */
  from: number;
  keepOrder: boolean;
}

export interface PlannedMatch {
  matchId: string;
  startsAt: number;
  endsAt: number;
  stationId: string;
}

/** A rule the plan could not keep because of a fixed match (a pin whose feeders cannot end in time). */
export interface UnmetRule {
  matchId: string;
  otherMatchId: string;
  rule: 'feeder_rest';
}

export interface SchedulePlan {
  /** Every match that is not fixed, in start order. */
  planned: PlannedMatch[];
  /** Matches no station and window can take (the windows end first). */
  unplaced: string[];
  unmet: UnmetRule[];
  /** The last end over planned and fixed matches (the makespan), or null when there is none. */
  endsAt: number | null;
  lowerBound: ScheduleLowerBound;
}

interface Node {
  match: ScheduleMatch;
  index: number;
  successors: Node[];
  /** Open feeders still to be placed. */
  waiting: number;
  /** The longest chain from this match's start to the end, or its participants' remaining work if longer. */
  priority: number;
  /** The latest end that lets a fixed match it feeds start on time; Infinity when none. */
  deadline: number;
  start: number;
  end: number;
  stationIndex: number;
  /** A feeder could not be placed: nor can this match. */
  blocked: boolean;
}

/** Per rule set (the tournament's, then each stage's), per station: when a match of that set may be played there. */
export function allowedTimes(input: Pick<ScheduleInput, 'stations'>, book: RuleBook): (Span[] | null)[][] {
  const available = input.stations.map((station) => (station.available === null ? null : normaliseSpans(station.available)));
  return book.windows.map((windows) => available.map((spans) => intersectSpans(spans, windows)));
}

export function planSchedule(input: ScheduleInput): SchedulePlan {
  const book = ruleBook(input);
  const allowedBySet = allowedTimes(input, book);
  const stationIndex = new Map(input.stations.map((station, index) => [station.id, index]));
  const stationBusy = input.stations.map(() => new BusyTimeline());
  const participantBusy = new Map<string, BusyTimeline>();
  const busyOf = (participantId: string): BusyTimeline => {
    let timeline = participantBusy.get(participantId);
    if (!timeline) participantBusy.set(participantId, (timeline = new BusyTimeline()));
    return timeline;
  };
  const { restOf, gap } = book;

  const nodes = input.matches.map((match, index): Node => ({ match, index, successors: [], waiting: 0, priority: 0, deadline: Infinity, start: NaN, end: NaN, stationIndex: -1, blocked: false }));
  const byId = new Map(nodes.map((node) => [node.match.id, node]));
  for (const node of nodes) {
    for (const feederId of node.match.feeders) {
      const feeder = byId.get(feederId);
      if (!feeder) continue;
      feeder.successors.push(node);
      // A fixed feeder is in place from the start: only open ones are waited for.
      if (!node.match.fixed && !feeder.match.fixed) node.waiting++;
    }
  }
  const order = topologicalOrder(nodes);

  // Fixed matches first: they hold their station and their participants' time.
  for (const node of nodes) {
    const fixed = node.match.fixed;
    if (!fixed) continue;
    node.start = fixed.startsAt;
    node.end = fixed.startsAt + node.match.durationMs;
    node.stationIndex = stationIndex.get(fixed.stationId) ?? -1;
    if (node.stationIndex >= 0) stationBusy[node.stationIndex].add({ from: node.start, to: node.end });
    for (const participantId of node.match.participants) busyOf(participantId).add({ from: node.start, to: node.end }, restOf(node.match));
  }

  // Priorities: the longest chain to the end (backwards over the topological order) or the participants' load.
  const load = new Map<string, number>();
  for (const node of nodes) {
    if (node.match.fixed) continue;
    for (const participantId of node.match.participants) load.set(participantId, (load.get(participantId) ?? 0) + node.match.durationMs + restOf(node.match));
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    let tail = 0;
    for (const successor of node.successors) if (!successor.match.fixed) tail = Math.max(tail, gap(node.match, successor.match) + successor.priority);
    let priority = node.match.durationMs + tail;
    for (const participantId of node.match.participants) priority = Math.max(priority, (load.get(participantId) ?? 0) - restOf(node.match));
    node.priority = priority;
    for (const successor of node.successors) {
      const apart = gap(node.match, successor.match);
      const latestEnd = successor.match.fixed ? successor.start - apart : successor.deadline - successor.match.durationMs - apart;
      node.deadline = Math.min(node.deadline, latestEnd);
    }
  }

  const compare = (a: Node, b: Node): number => {
    if (a.deadline !== b.deadline) return a.deadline - b.deadline;
    if (input.keepOrder) {
      const aPrevious = a.match.previous?.startsAt ?? Infinity;
      const bPrevious = b.match.previous?.startsAt ?? Infinity;
      if (aPrevious !== bPrevious) return aPrevious - bPrevious;
    }
    if (a.priority !== b.priority) return b.priority - a.priority;
    return a.match.order - b.match.order || a.index - b.index;
  };
  const queue = new Heap<Node>(compare);
  for (const node of nodes) if (!node.match.fixed && node.waiting === 0) queue.push(node);

  const planned: PlannedMatch[] = [];
  const unplaced: string[] = [];
  const unmet: UnmetRule[] = [];
  let previousStart = -Infinity;
  for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
    let earliest = input.from;
    for (const feederId of node.match.feeders) {
      const feeder = byId.get(feederId);
      if (feeder && !Number.isNaN(feeder.end)) earliest = Math.max(earliest, feeder.end + gap(feeder.match, node.match));
    }
    if (input.keepOrder && node.match.previous) earliest = Math.max(earliest, previousStart);
    const allowed = allowedBySet[book.setOf(node.match)];
    const preferred = input.keepOrder ? stationIndex.get(node.match.previous?.stationId ?? '') : undefined;
    const place = node.blocked ? null : earliestPlace(node.match, earliest, allowed, stationBusy, node.match.participants.map(busyOf), restOf(node.match), preferred);
    if (place === null) {
      unplaced.push(node.match.id);
      for (const successor of node.successors) successor.blocked = true;
    } else {
      node.start = place.start;
      node.end = place.start + node.match.durationMs;
      node.stationIndex = place.station;
      stationBusy[place.station].add({ from: node.start, to: node.end });
      for (const participantId of node.match.participants) busyOf(participantId).add({ from: node.start, to: node.end }, restOf(node.match));
      if (input.keepOrder && node.match.previous) previousStart = Math.max(previousStart, node.start);
      planned.push({ matchId: node.match.id, startsAt: node.start, endsAt: node.end, stationId: input.stations[place.station].id });
      for (const successor of node.successors) {
        if (successor.match.fixed && node.end + gap(node.match, successor.match) > successor.start) unmet.push({ matchId: successor.match.id, otherMatchId: node.match.id, rule: 'feeder_rest' });
      }
    }
    // An unplaced match still releases what it feeds: those cannot be placed either, and say so.
    for (const successor of node.successors) {
      if (successor.match.fixed) continue;
      if (--successor.waiting === 0) queue.push(successor);
    }
  }
  // A cycle of feeders (bad input) leaves matches waiting: they are unplaced, not dropped.
  for (const node of nodes) if (!node.match.fixed && node.waiting > 0) unplaced.push(node.match.id);

  planned.sort((a, b) => a.startsAt - b.startsAt || a.stationId.localeCompare(b.stationId));
  let endsAt: number | null = null;
  for (const node of nodes) if (!Number.isNaN(node.end)) endsAt = Math.max(endsAt ?? -Infinity, node.end);
  return { planned, unplaced, unmet, endsAt, lowerBound: lowerBound(input, book, allowedBySet) };
}

/** Feeders before the matches they feed (Kahn); a cycle's matches come last, in input order. */
function topologicalOrder(nodes: Node[]): Node[] {
  const indegree = new Map<Node, number>();
  for (const node of nodes) for (const successor of node.successors) indegree.set(successor, (indegree.get(successor) ?? 0) + 1);
  const result = nodes.filter((node) => !indegree.get(node));
  for (let i = 0; i < result.length; i++) {
    for (const successor of result[i].successors) {
      const left = indegree.get(successor)! - 1;
      indegree.set(successor, left);
      if (left === 0) result.push(successor);
    }
  }
  if (result.length < nodes.length) {
    const seen = new Set(result);
    for (const node of nodes) if (!seen.has(node)) result.push(node);
  }
  return result;
}

/**
 * The earliest start ≥ earliest where a station is free and allowed and every participant is free with their rest,
 * and that station (the preferred one on a tie); null when no station's allowed time has room any more.
 */
function earliestPlace(
  match: ScheduleMatch,
  earliest: number,
  allowed: (Span[] | null)[],
  stationBusy: BusyTimeline[],
  participants: BusyTimeline[],
  rest: number,
  preferred: number | undefined,
): { start: number; station: number } | null {
  const length = match.durationMs;
  let t = earliest;
  for (;;) {
    for (let moved = true; moved; ) {
      moved = false;
      for (const timeline of participants) {
        const free = timeline.earliestFree(t, length, rest);
        if (free > t) {
          t = free;
          moved = true;
        }
      }
    }
    let best: { start: number; station: number } | null = null;
    for (let s = 0; s < stationBusy.length; s++) {
      const start = stationStart(allowed[s], stationBusy[s], t, length, best === null ? Infinity : best.start);
      if (start === null) continue;
      if (!best || start < best.start || (start === best.start && s === preferred)) best = { start, station: s };
    }
    if (best === null) return null;
    if (best.start === t) return best;
    t = best.start;
  }
}

/** The earliest t ≥ start where the station is allowed and free for [t, t + length), or null (or past `limit`). */
function stationStart(allowed: Span[] | null, busy: BusyTimeline, start: number, length: number, limit: number): number | null {
  let t = start;
  for (;;) {
    const fit = earliestFit(allowed, t, length);
    if (fit === null || fit > limit) return null;
    const free = busy.earliestFree(fit, length);
    if (free === fit) return fit;
    t = free;
  }
}

/** A binary heap: the smallest first by `compare`. */
class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i], items[parent]) >= 0) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && this.compare(items[left], items[smallest]) < 0) smallest = left;
        if (right < items.length && this.compare(items[right], items[smallest]) < 0) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest], items[i]];
        i = smallest;
      }
    }
    return top;
  }
}
