import fc from 'fast-check';
import { seededRandom } from '../../testing/play-out';
import { pairSwissRound, SwissPairing } from './swiss-pairing';

/**
 * Swiss pairing against its rules: the known case, every pairing of small fields (brute force) over random
 * histories, and the sparse candidate graph of large fields against the complete graph.
 */
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

interface History {
  ranked: string[];
  points: Map<string, number>;
  met: Set<string>;
  hadBye: Set<string>;
}

/** What the rules rank, in priority order: rematches, how far the bye is from its preferred holder, then Σ d² over pairs across d score groups. */
function costOf(history: History, pairing: SwissPairing): [number, number, number] {
  const { ranked, points, met, hadBye } = history;
  const groups = [...new Set(ranked.map((id) => points.get(id)!))];
  const group = (id: string) => groups.indexOf(points.get(id)!);
  let rematches = 0;
  let floats = 0;
  for (const [a, b] of pairing.pairs) {
    if (met.has(key(a, b))) rematches++;
    floats += (group(a) - group(b)) ** 2;
  }
  const fromBottom = [...ranked].reverse();
  const eligible = fromBottom.filter((id) => !hadBye.has(id));
  const byeOrder = eligible.length > 0 ? eligible : fromBottom;
  const byeIndex = pairing.bye === null ? 0 : byeOrder.indexOf(pairing.bye);
  return [rematches, byeIndex === -1 ? Infinity : byeIndex, floats];
}

function compare(x: number[], y: number[]): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** The least cost over every pairing of the field (a second bye only once everyone has had one). */
function bestByBruteForce(history: History): [number, number, number] {
  let best: [number, number, number] = [Infinity, Infinity, Infinity];
  const everyoneHadOne = history.ranked.every((id) => history.hadBye.has(id));
  const visit = (left: string[], pairs: [string, string][], bye: string | null) => {
    if (left.length === 0) {
      const cost = costOf(history, { pairs, bye });
      if (compare(cost, best) < 0) best = cost;
      return;
    }
    if (left.length % 2 === 1) {
      for (const candidate of left) {
        if (everyoneHadOne || !history.hadBye.has(candidate)) visit(left.filter((id) => id !== candidate), pairs, candidate);
      }
      return;
    }
    const [first, ...rest] = left;
    for (const partner of rest) visit(rest.filter((id) => id !== partner), [...pairs, [first, partner]], bye);
  };
  visit(history.ranked, [], null);
  return best;
}

function expectPartition(history: History, pairing: SwissPairing): void {
  const seen = [...pairing.pairs.flat(), ...(pairing.bye === null ? [] : [pairing.bye])];
  expect(seen.sort()).toEqual([...history.ranked].sort());
  for (const [a, b] of pairing.pairs) expect(history.ranked.indexOf(a)).toBeLessThan(history.ranked.indexOf(b));
}

/** A random history of `rounds` rounds of `count` players: each round a random pairing (a bye to someone without one), random results. */
function randomHistory(count: number, rounds: number, random: () => number, pair?: (history: History) => SwissPairing): History {
  const ids = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const points = new Map(ids.map((id) => [id, 0]));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  const rank = () => [...ids].sort((a, b) => points.get(b)! - points.get(a)! || ids.indexOf(a) - ids.indexOf(b));
  for (let round = 0; round < rounds; round++) {
    let pairing: SwissPairing;
    if (pair) pairing = pair({ ranked: rank(), points, met, hadBye });
    else {
      const shuffled = [...ids].sort(() => random() - 0.5);
      const byeIndex = shuffled.findIndex((id) => !hadBye.has(id));
      const bye = count % 2 === 1 ? shuffled.splice(byeIndex === -1 ? 0 : byeIndex, 1)[0] : null;
      pairing = { pairs: Array.from({ length: shuffled.length / 2 }, (_, i) => [shuffled[2 * i], shuffled[2 * i + 1]]), bye };
    }
    if (pairing.bye !== null) {
      hadBye.add(pairing.bye);
      points.set(pairing.bye, points.get(pairing.bye)! + 1);
    }
    for (const [a, b] of pairing.pairs) {
      met.add(key(a, b));
      const roll = random();
      const [pa, pb] = roll < 0.4 ? [1, 0] : roll < 0.8 ? [0, 1] : [0.5, 0.5];
      points.set(a, points.get(a)! + pa);
      points.set(b, points.get(b)! + pb);
    }
  }
  return { ranked: rank(), points, met, hadBye };
}

const pairOf = (history: History, fullGraphUpTo?: number) => pairSwissRound(history.ranked, history.points, history.met, history.hadBye, { fullGraphUpTo });

describe('swiss pairing', () => {
  it('keeps the known 14-player case inside its score groups (S1-S9, S2-S10, S3-S8) instead of floating two players', () => {
    // Round 1: 1v8 … 7v14; S1-S8, S2-S9, S3-S10 drawn; S4, S5, S6, S7 won. Standings order as the table ranks them.
    const s = (i: number) => `S${i}`;
    const points = new Map<string, number>();
    for (let i = 1; i <= 14; i++) points.set(s(i), [4, 5, 6, 7].includes(i) ? 1 : [1, 2, 3, 8, 9, 10].includes(i) ? 0.5 : 0);
    const ranked = [4, 5, 6, 7, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14].map(s);
    const met = new Set(Array.from({ length: 7 }, (_, i) => key(s(i + 1), s(i + 8))));
    const pairing = pairSwissRound(ranked, points, met, new Set());
    expect(pairing.bye).toBeNull();
    expect(pairing.pairs.map((pair) => pair.join('-'))).toEqual(['S4-S6', 'S5-S7', 'S1-S9', 'S2-S10', 'S3-S8', 'S11-S13', 'S12-S14']);
  });

  it('pairs round 1 top half against bottom half, with the bye to the lowest seed', () => {
    const ranked = Array.from({ length: 9 }, (_, i) => `p${i + 1}`);
    const pairing = pairSwissRound(ranked, new Map(ranked.map((id) => [id, 0])), new Set(), new Set());
    expect(pairing).toEqual({ pairs: [['p1', 'p5'], ['p2', 'p6'], ['p3', 'p7'], ['p4', 'p8']], bye: 'p9' });
  });

  it('floats the lowest of a higher group against the highest of the next', () => {
    const ranked = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
    const points = new Map([...ranked.slice(0, 3).map((id) => [id, 2] as const), ...ranked.slice(3).map((id) => [id, 1] as const)]);
    const pairing = pairSwissRound(ranked, points, new Set(), new Set());
    expect(pairing.pairs).toEqual([['a1', 'a2'], ['a3', 'b1'], ['b2', 'b3']]);
  });

  it('matches the best pairing of every small field (≤ 12) over random histories: rematches, then the bye, then floats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, rounds, seed) => {
        const history = randomHistory(count, Math.min(rounds, count - 1), seededRandom(seed));
        const pairing = pairOf(history);
        expectPartition(history, pairing);
        expect(costOf(history, pairing)).toEqual(bestByBruteForce(history));
      }),
      { numRuns: 300 },
    );
  });

  it('pairs large fields on a sparse graph as well as on the complete graph (65–300 players, swiss histories)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 65, max: 300 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, rounds, seed) => {
        const history = randomHistory(count, rounds, seededRandom(seed), (h) => pairOf(h));
        const sparse = pairOf(history);
        const complete = pairOf(history, Infinity);
        expectPartition(history, sparse);
        expect(costOf(history, sparse)).toEqual(costOf(history, complete));
      }),
      { numRuns: 12 },
    );
  });
});
