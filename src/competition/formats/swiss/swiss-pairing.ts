import { emptyOpponent, FormatSettings, isBye, Match, NewId, newMatch, participantsOf, SeededParticipant } from '../../match/match';
import { standingsByRules } from '../../ranking/ranking';
import { maximumWeightMatching } from '../../weighted-matching/weighted-matching';

/**
 * Swiss pairing as a maximum-weight perfect matching (Edmonds' blossom algorithm, `weighted-matching.ts`).
 * Participants come in standings order (points, Buchholz, Sonneborn-Berger, seed, seeding order); a score group is
 * a run of equal points. Each candidate pair gets a weight that encodes the rules below as strict priorities, so
 * the heaviest perfect matching is the pairing they ask for (the bye, in an odd field, is a pair with an extra
 * vertex, tried on each candidate in turn, preferred first):
 *
 * 1. no rematch (only when no rematch-free pairing exists at all: the fewest rematches);
 * 2. the bye to the lowest-ranked participant who has not had one (once all have: the lowest-ranked);
 * 3. the fewest floats: a pair across d score groups costs d², so players float one group at a time;
 * 4. inside a score group the top half meets the bottom half (1 v h+1, 2 v h+2, …), changing the partners of the
 *    lowest-ranked first and pairing two of the same half last; a float pairs the lowest of the higher group with
 *    the highest of the lower one.
 *
 * docs/matches.md lists where this differs from FIDE's Dutch system, and why the graph is sparse.
 */
export interface SwissPairing {
  pairs: [string, string][];
  bye: string | null;
}

/** The first, sparse attempt: each player's fold partner ± this many; twice this many each side of a group boundary. */
const FIRST_WINDOW = 8;
/** Up to this size the graph holds every pair at once (exact); above it, windows widen only when a sparse graph has no perfect matching. */
const FULL_GRAPH_UP_TO = 64;
/** The widest graph tried for large fields (edges), so a pathological history cannot exhaust memory. */
const MAX_EDGES = 4_000_000;
const SAME_HALF_COST = 128;

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** The field in standings order, with each player's score group and place in it. */
interface Field {
  ids: string[];
  group: Int32Array;
  position: Int32Array;
  groupStart: number[];
  groupSize: number[];
  rematch: (i: number, j: number) => boolean;
  /** Bye candidates from the lowest ranked up: those without a bye, or everyone once all have had one. */
  byeOrder: number[];
}

function fieldOf(ranked: string[], points: Map<string, number>, met: Set<string>, hadBye: Set<string>): Field {
  const n = ranked.length;
  const group = new Int32Array(n);
  const position = new Int32Array(n);
  const groupStart: number[] = [];
  const groupSize: number[] = [];
  ranked.forEach((id, i) => {
    if (i === 0 || points.get(id) !== points.get(ranked[i - 1])) {
      groupStart.push(i);
      groupSize.push(0);
    }
    group[i] = groupStart.length - 1;
    position[i] = i - groupStart[group[i]];
    groupSize[group[i]]++;
  });
  const fromBottom = [...ranked.keys()].reverse();
  const eligible = fromBottom.filter((i) => !hadBye.has(ranked[i]));
  return {
    ids: ranked,
    group,
    position,
    groupStart,
    groupSize,
    rematch: (i, j) => met.has(pairKey(ranked[i], ranked[j])),
    byeOrder: n % 2 === 0 ? [] : eligible.length > 0 ? eligible : fromBottom,
  };
}

/** Rule 4 inside a score group: how far i's partner j is from its fold partner, weighted to the top; pairing within a half costs most. */
function inGroupCost(field: Field, i: number, j: number): number {
  const gi = field.group[i];
  if (gi !== field.group[j]) return 0;
  const a = field.position[i];
  const b = field.position[j];
  const half = Math.floor(field.groupSize[gi] / 2);
  const deviation = Math.abs(b - a - half);
  const sameHalf = b < half || a >= half;
  return Math.min(deviation, 7) * (16 - Math.min(a, 15)) + (sameHalf ? SAME_HALF_COST : 0);
}

/** Rule 4 across groups: how far i is from the bottom of its group and j from the top of its own. */
function floatPositionCost(field: Field, i: number, j: number): number {
  if (field.group[i] === field.group[j]) return 0;
  return Math.min(field.groupSize[field.group[i]] - 1 - field.position[i], 7) + Math.min(field.position[j], 7);
}

/** A priority of the pairing rules: the most one pair (or the bye) can cost under it, and how many of those one pairing holds. */
interface Tier {
  maxCost: number;
  count: number;
}

/**
 * Weight steps that make each tier strictly outrank all lower ones together (tiers listed lowest first). When the
 * weights would leave exact integer arithmetic, the lowest tiers are dropped (step 0): only huge fields that
 * need the rematch fallback ever get there.
 */
function tierSteps(tiers: Tier[]): { steps: number[]; base: number } {
  for (let dropped = 0; ; dropped++) {
    const steps: number[] = tiers.map(() => 0);
    let below = 0;
    let base = 1;
    for (let t = dropped; t < tiers.length; t++) {
      steps[t] = below + 1;
      below += steps[t] * tiers[t].maxCost * tiers[t].count;
      base += steps[t] * tiers[t].maxCost;
    }
    if (base * 4 < Number.MAX_SAFE_INTEGER) return { steps, base };
  }
}

interface Candidates {
  pairs: [number, number][];
  /** Participants who may take the bye, from the preferred one up. */
  byes: number[];
  /** Whether this is every pair and every bye candidate: nothing wider to try. */
  complete: boolean;
}

/**
 * The sparse candidate graph: inside a large score group each player meets its fold partner ± `window`, a
 * small group (up to 4 · window) is complete, the lowest 2 · window of a group meet the next 2 · window players
 * below it (whatever their groups, so tiny groups are crossed), and the bye may go to the lowest 2 · window
 * candidates. Each player has O(window) edges, so the matching costs about n · window per augmentation.
 */
function candidatesOf(field: Field, window: number): Candidates {
  const n = field.ids.length;
  if (window >= n) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
    return { pairs, byes: field.byeOrder, complete: true };
  }
  const pairs: [number, number][] = [];
  field.groupStart.forEach((start, g) => {
    const size = field.groupSize[g];
    const half = Math.floor(size / 2);
    for (let a = 0; a < size; a++) {
      const from = size <= 4 * window ? a + 1 : Math.max(a + 1, a + half - window);
      const to = size <= 4 * window ? size - 1 : Math.min(size - 1, a + half + window);
      for (let b = from; b <= to; b++) pairs.push([start + a, start + b]);
    }
    const end = start + size;
    for (let i = Math.max(start, end - 2 * window); i < end; i++) {
      for (let j = end; j < Math.min(n, end + 2 * window); j++) pairs.push([i, j]);
    }
  });
  return { pairs, byes: field.byeOrder.slice(0, 2 * window), complete: false };
}

/**
 * The pairing of one candidate graph as a perfect matching, or null when the graph has none. `byes` are the
 * participants the bye may go to, preferred first.
 */
function matchCandidates(field: Field, pairs: [number, number][], byes: number[], allowRematches: boolean): Map<number, number> | null {
  const n = field.ids.length;
  const usable = allowRematches ? pairs : pairs.filter(([i, j]) => !field.rematch(i, j));
  const vertexCount = n + (n % 2);
  const matchingSize = vertexCount / 2;
  let widestFloat = 0;
  for (const [i, j] of usable) widestFloat = Math.max(widestFloat, field.group[j] - field.group[i]);
  const { steps, base } = tierSteps([
    { maxCost: 7 * 16 + SAME_HALF_COST, count: matchingSize },
    { maxCost: 14, count: matchingSize },
    { maxCost: widestFloat * widestFloat, count: matchingSize },
    { maxCost: Math.max(0, byes.length - 1), count: 1 },
    { maxCost: allowRematches ? 1 : 0, count: matchingSize },
  ]);
  const [inGroup, floatPosition, float, bye, rematch] = steps;
  const edges = usable.map(([i, j]) => {
    const d = field.group[j] - field.group[i];
    const cost = inGroup * inGroupCost(field, i, j) + floatPosition * floatPositionCost(field, i, j) + float * d * d + (field.rematch(i, j) ? rematch : 0);
    return { a: i, b: j, weight: base - cost };
  });
  byes.forEach((i, preference) => edges.push({ a: i, b: n, weight: base - bye * preference }));
  const mate = maximumWeightMatching(vertexCount, edges, { maxCardinality: true });
  if (mate.some((partner) => partner === -1)) return null;
  return new Map([...mate].map((partner, vertex) => [vertex, partner]));
}

/**
 * Widening candidate graphs: sparse first, then wider until complete (or too large). The bye is decided first:
 * each graph is tried with the bye on each of its candidates in turn, preferred first, without rematches. Only
 * when no candidate and no graph allows a rematch-free pairing, rematches are allowed (the fewest, then the bye).
 */
function solve(field: Field, fullGraphUpTo: number): Map<number, number> {
  const n = field.ids.length;
  let widest: Candidates | null = null;
  for (let window = n <= fullGraphUpTo ? n : FIRST_WINDOW; ; window *= 4) {
    const candidates = candidatesOf(field, Math.min(window, n));
    if (widest !== null && candidates.pairs.length > MAX_EDGES) break;
    widest = candidates;
    for (const bye of n % 2 === 1 ? candidates.byes : [null]) {
      const found = matchCandidates(field, candidates.pairs, bye === null ? [] : [bye], false);
      if (found) return found;
    }
    if (candidates.complete) break;
  }
  const found = matchCandidates(field, widest.pairs, widest.byes, true);
  if (found) return found;
  return pairLeftovers(field, widest);
}

/** Last resort for a huge field whose widest graph still has no perfect matching: match what it can, pair the rest in order. */
function pairLeftovers(field: Field, candidates: Candidates): Map<number, number> {
  const n = field.ids.length;
  const edges = candidates.pairs.map(([a, b]) => ({ a, b, weight: 1 }));
  const mate = maximumWeightMatching(n, edges, { maxCardinality: true });
  const result = new Map([...mate].map((partner, vertex) => [vertex, partner]));
  const single = [...mate.keys()].filter((vertex) => mate[vertex] === -1);
  if (n % 2 === 1) {
    const bye = field.byeOrder.find((i) => single.includes(i)) ?? single[single.length - 1];
    single.splice(single.indexOf(bye), 1);
    result.set(bye, n);
  }
  for (let k = 0; k + 1 < single.length; k += 2) {
    result.set(single[k], single[k + 1]);
    result.set(single[k + 1], single[k]);
  }
  return result;
}

export interface SwissPairingOptions {
  /** Fields up to this size are paired on the complete graph (exact); larger ones start sparse. Tests raise it to compare. */
  fullGraphUpTo?: number;
}

export function pairSwissRound(
  ranked: string[],
  points: Map<string, number>,
  met: Set<string>,
  hadBye: Set<string>,
  options: SwissPairingOptions = {},
): SwissPairing {
  if (ranked.length === 0) return { pairs: [], bye: null };
  if (ranked.length === 1) return { pairs: [], bye: ranked[0] };
  const field = fieldOf(ranked, points, met, hadBye);
  const mate = solve(field, options.fullGraphUpTo ?? FULL_GRAPH_UP_TO);
  const pairs: [string, string][] = [];
  let bye: string | null = null;
  for (let i = 0; i < ranked.length; i++) {
    const partner = mate.get(i)!;
    if (partner === ranked.length) bye = ranked[i];
    else if (partner > i) pairs.push([ranked[i], ranked[partner]]);
  }
  return { pairs, bye };
}

/** The matches of the next swiss round, from the completed rounds so far. */
export function pairNextSwissRound(
  settings: FormatSettings,
  participants: SeededParticipant[],
  played: Match[],
  round: number,
  firstNumber: number,
  newId: NewId,
  /** Participants who left: they count in the standings (their opponents' Buchholz) but are paired no more. */
  withdrawn: ReadonlySet<string> = new Set(),
): Match[] {
  const standings = standingsByRules(settings, participants, played);
  const ranked = standings.map((row) => row.participantId).filter((id) => !withdrawn.has(id));
  const points = new Map(standings.map((row) => [row.participantId, row.points]));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const match of played) {
    const ids = participantsOf(match);
    if (isBye(match)) hadBye.add(ids[0]);
    else met.add(pairKey(ids[0], ids[1]));
  }
  const { pairs, bye } = pairSwissRound(ranked, points, met, hadBye);

  const matches = pairs.map(([a, b], index) =>
    newMatch({ id: newId(), number: firstNumber + index, round, bracket: 'main', status: 'ready', opponents: [emptyOpponent(a), emptyOpponent(b)] }),
  );
  if (bye !== null) {
    const opponents = [{ participantId: bye, score: null, rank: null, result: 'win' as const }];
    matches.push({ ...newMatch({ id: newId(), number: firstNumber + pairs.length, round, bracket: 'main', status: 'completed', opponents }), winnerId: bye });
  }
  return matches;
}
