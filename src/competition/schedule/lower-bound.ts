/*
 * The end no valid plan can beat (`lower_bound_ends_at`): the largest of three bounds, each a relaxation of the
 * scheduler's rules, so each is at most the best plan's end.
 * - chain: every match as early as its feeders (ends plus rest) and the windows allow, stations unlimited;
 * - participant: each participant's own matches one after another with rest, inside the windows;
 * - load: for a point r of the chains and a tail q, the matches that cannot start before r and have at least q of
 *   chain after them: all their time must be played after r on the stations (as if a match could be split), and
 *   the one that ends last still has its chain to play after it.
 * Fixed matches only take time away, so leaving them out keeps each bound valid; the plan ends after them anyway.
 * With stages' own rules, the chain keeps each match's windows and each pair's rest; the participant and load
 * bounds take the least rest and the union of the windows, a relaxation again.
 */
import { coveredLength, earliestFit, normaliseSpans, Span } from './intervals';
import type { ScheduleInput, ScheduleMatch } from './schedule';
import type { RuleBook } from './stage-rules';

export interface ScheduleLowerBound {
  /** The largest of the bounds and the fixed matches' ends; null when nothing is to be played. */
  endsAt: number | null;
  chain: number | null;
  participant: number | null;
  load: number | null;
}

interface BoundNode {
  match: ScheduleMatch;
  successors: BoundNode[];
  feeders: BoundNode[];
  release: number;
  /** The chain after this match's end, unwindowed: rest and the longest successor's duration and tail. */
  tail: number;
  /** The successor on that longest chain. */
  next: BoundNode | null;
  chainKey: number;
}

/** Per station, the union over rule sets of when it may be used. */
function unionOf(allowedBySet: (Span[] | null)[][]): (Span[] | null)[] {
  if (allowedBySet.length === 1) return allowedBySet[0];
  return allowedBySet[0].map((_, station) => {
    const lists = allowedBySet.map((set) => set[station]);
    return lists.includes(null) ? null : normaliseSpans(lists.flatMap((spans) => spans!));
  });
}

/** The earliest fit on any of the lists (each distinct list asked once: stations usually share theirs). */
function fitting(lists: (Span[] | null)[]): (start: number, length: number) => number {
  const distinct = [...new Map(lists.map((spans) => [JSON.stringify(spans), spans])).values()];
  return (start, length) => {
    let best = Infinity;
    for (const spans of distinct) {
      const fit = earliestFit(spans, start, length);
      if (fit !== null && fit < best) best = fit;
    }
    return best;
  };
}

export function lowerBound(input: ScheduleInput, book: RuleBook, allowedBySet: (Span[] | null)[][]): ScheduleLowerBound {
  const rest = book.minRest;
  const allowed = unionOf(allowedBySet);
  const fixedEnds = new Map<string, number>();
  const fixedById = new Map(input.matches.filter((match) => match.fixed).map((match) => [match.id, match]));
  let fixedEnd: number | null = null;
  for (const match of input.matches) {
    if (!match.fixed) continue;
    fixedEnds.set(match.id, match.fixed.startsAt + match.durationMs);
    fixedEnd = Math.max(fixedEnd ?? -Infinity, match.fixed.startsAt + match.durationMs);
  }
  const open = input.matches.filter((match) => !match.fixed);
  const nodes = open.map((match): BoundNode => ({ match, successors: [], feeders: [], release: input.from, tail: 0, next: null, chainKey: -1 }));
  const byId = new Map(nodes.map((node) => [node.match.id, node]));
  for (const node of nodes) {
    for (const feederId of node.match.feeders) {
      const feeder = byId.get(feederId);
      if (feeder) {
        feeder.successors.push(node);
        node.feeders.push(feeder);
      } else if (fixedEnds.has(feederId)) {
        node.release = Math.max(node.release, fixedEnds.get(feederId)! + book.gap(fixedById.get(feederId)!, node.match));
      }
    }
  }
  const order = topological(nodes);
  if (order === null || nodes.length === 0) return { endsAt: fixedEnd, chain: null, participant: null, load: null };

  const fitAny = fitting(allowed);
  const fitBySet = allowedBySet.map(fitting);

  // chain: releases forward, each match at its earliest fit in its own rule set's time.
  let chain = -Infinity;
  for (const node of order) {
    for (const feeder of node.feeders) node.release = Math.max(node.release, feeder.release + feeder.match.durationMs + book.gap(feeder.match, node.match));
    node.release = fitBySet[book.setOf(node.match)](node.release, node.match.durationMs);
    chain = Math.max(chain, node.release + node.match.durationMs);
  }

  // participant: identical matches back to back are best placed greedily; shorter ones only lower the bound.
  let participant = -Infinity;
  const durations = new Map<string, number[]>();
  for (const match of open) for (const id of match.participants) (durations.get(id) ?? durations.set(id, []).get(id)!).push(match.durationMs);
  for (const list of durations.values()) {
    const shortest = Math.min(...list);
    let t = input.from;
    let end = input.from;
    for (let i = 0; i < list.length; i++) {
      const start = fitAny(t, shortest);
      end = start + shortest;
      t = end + rest;
    }
    const total = list.reduce((sum, duration) => sum + duration, 0);
    participant = Math.max(participant, end, input.from + total + rest * (list.length - 1));
  }

  // load: tails backwards, then every (release, tail) pair.
  const chainKeys = new Map<string, number>();
  const chainHeads: BoundNode[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    for (const successor of node.successors) {
      const tail = rest + successor.match.durationMs + successor.tail;
      if (tail > node.tail) {
        node.tail = tail;
        node.next = successor;
      }
    }
    const signature = node.next === null ? '' : `${node.next.match.durationMs}/${node.next.chainKey}`;
    let key = chainKeys.get(signature);
    if (key === undefined) {
      chainKeys.set(signature, (key = chainHeads.length));
      chainHeads.push(node);
    }
    node.chainKey = key;
  }
  const placeChain = (from: number, head: BoundNode): number => {
    let end = from;
    for (let node = head.next; node !== null; node = node.next) end = fitAny(end + rest, node.match.durationMs) + node.match.durationMs;
    return end;
  };
  const reach = capacityReach(allowed, input.from);
  // For each tail, the matches by falling release: each distinct release adds its matches to the set.
  const byRelease = nodes.filter((node) => Number.isFinite(node.release)).sort((a, b) => b.release - a.release);
  const tails = [...new Set(nodes.map((node) => node.tail))];
  let load = -Infinity;
  for (const tail of tails) {
    let work = 0;
    const keys = new Set<number>();
    for (let i = 0; i < byRelease.length; i++) {
      const node = byRelease[i];
      if (node.tail < tail) continue;
      work += node.match.durationMs;
      keys.add(node.chainKey);
      if (i + 1 < byRelease.length && byRelease[i + 1].release === node.release) continue;
      const workDone = reach(node.release, work);
      if (!Number.isFinite(workDone)) continue;
      let best = Infinity;
      for (const key of keys) best = Math.min(best, placeChain(workDone, chainHeads[key]));
      load = Math.max(load, best);
    }
  }

  const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
  const bounds = [chain, participant, load, fixedEnd ?? -Infinity].filter(Number.isFinite);
  return { endsAt: bounds.length === 0 ? null : Math.max(...bounds), chain: finite(chain), participant: finite(participant), load: finite(load) };
}

function topological(nodes: BoundNode[]): BoundNode[] | null {
  const waiting = new Map(nodes.map((node) => [node, node.feeders.length]));
  const result = nodes.filter((node) => node.feeders.length === 0);
  for (let i = 0; i < result.length; i++) {
    for (const successor of result[i].successors) {
      const left = waiting.get(successor)! - 1;
      waiting.set(successor, left);
      if (left === 0) result.push(successor);
    }
  }
  return result.length === nodes.length ? result : null;
}

/**
 * reach(r, work): the earliest T with `work` of station time between r and T, counting every station's allowed
 * time (Infinity when the stations' time runs out first).
 */
function capacityReach(allowed: (Span[] | null)[], from: number): (release: number, work: number) => number {
  const always = allowed.filter((spans) => spans === null).length;
  const points = [...new Set(allowed.flatMap((spans) => (spans ?? []).flatMap((span) => [span.from, span.to])))].filter((t) => t >= from).sort((a, b) => a - b);
  return (release, work) => {
    let t = release;
    let left = work;
    for (const point of points) {
      if (point <= t) continue;
      const covered = always * (point - t) + allowed.reduce((sum, spans) => sum + (spans === null ? 0 : coveredLength(spans, t, point)), 0);
      if (covered >= left) {
        // The number of stations allowed is constant between two points: the rest is a straight line.
        return t + (left / covered) * (point - t);
      }
      left -= covered;
      t = point;
    }
    return always > 0 ? t + left / always : Infinity;
  };
}
