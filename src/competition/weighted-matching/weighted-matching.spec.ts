import fc from 'fast-check';
import { maximumWeightMatching, WeightedEdge } from './weighted-matching';

/** Every matching of a small graph, by recursion on the lowest unmatched vertex: the best (cardinality, weight) pair. */
function bruteForce(vertexCount: number, edges: WeightedEdge[], maxCardinality: boolean): { size: number; weight: number } {
  const weightOf = new Map(edges.map(({ a, b, weight }) => [`${Math.min(a, b)}|${Math.max(a, b)}`, weight]));
  const used = new Array<boolean>(vertexCount).fill(false);
  let best = { size: 0, weight: 0 };
  const better = (size: number, weight: number) =>
    maxCardinality ? size > best.size || (size === best.size && weight > best.weight) : weight > best.weight;
  const walk = (from: number, size: number, weight: number) => {
    let v = from;
    while (v < vertexCount && used[v]) v++;
    if (v >= vertexCount) {
      if (better(size, weight)) best = { size, weight };
      return;
    }
    used[v] = true;
    walk(v + 1, size, weight);
    for (let w = v + 1; w < vertexCount; w++) {
      const edge = weightOf.get(`${v}|${w}`);
      if (used[w] || edge === undefined) continue;
      used[w] = true;
      walk(v + 1, size + 1, weight + edge);
      used[w] = false;
    }
    used[v] = false;
  };
  walk(0, 0, 0);
  return best;
}

const graphs = fc.integer({ min: 1, max: 10 }).chain((vertexCount) =>
  fc.record({
    vertexCount: fc.constant(vertexCount),
    edges: fc
      .uniqueArray(fc.tuple(fc.nat(vertexCount - 1), fc.nat(vertexCount - 1)), {
        selector: ([a, b]) => `${Math.min(a, b)}|${Math.max(a, b)}`,
        maxLength: 30,
      })
      .chain((pairs) => {
        const distinct = pairs.filter(([a, b]) => a !== b);
        return fc.array(fc.integer({ min: -20, max: 40 }), { minLength: distinct.length, maxLength: distinct.length }).map((weights) =>
          distinct.map(([a, b], index) => ({ a, b, weight: weights[index] })),
        );
      }),
  }),
);

function checkMatching(vertexCount: number, edges: WeightedEdge[], mate: Int32Array): { size: number; weight: number } {
  const weightOf = new Map(edges.map(({ a, b, weight }) => [`${Math.min(a, b)}|${Math.max(a, b)}`, weight]));
  let size = 0;
  let weight = 0;
  for (let v = 0; v < vertexCount; v++) {
    const w = mate[v];
    if (w === -1) continue;
    expect(mate[w]).toBe(v);
    if (v > w) continue;
    const edge = weightOf.get(`${v}|${w}`);
    expect(edge).not.toBeUndefined();
    size++;
    weight += edge!;
  }
  return { size, weight };
}

describe('maximum-weight matching (blossom algorithm) against every matching of small graphs', () => {
  it.each([false, true])('finds the best matching (maximum cardinality first: %s)', (maxCardinality) => {
    fc.assert(
      fc.property(graphs, ({ vertexCount, edges }) => {
        const mate = maximumWeightMatching(vertexCount, edges, { maxCardinality });
        const found = checkMatching(vertexCount, edges, mate);
        const best = bruteForce(vertexCount, edges, maxCardinality);
        // Without the cardinality rule, zero-weight edges may or may not be taken: only the weight is determined.
        expect(maxCardinality ? found : found.weight).toEqual(maxCardinality ? best : best.weight);
      }),
      { numRuns: Number(process.env.MATCHING_RUNS ?? 1500) },
    );
  });

  it('handles nested blossoms that must be expanded and re-formed (a known hard case)', () => {
    // From the classic test set of the primal-dual method: nested S-blossom, relabel as T, expand.
    const edges = [
      [1, 2, 40],
      [1, 3, 40],
      [2, 3, 60],
      [2, 4, 55],
      [3, 5, 55],
      [4, 5, 50],
      [1, 8, 15],
      [5, 7, 30],
      [7, 6, 10],
      [8, 10, 10],
      [4, 9, 30],
    ].map(([a, b, weight]) => ({ a: a - 1, b: b - 1, weight }));
    const mate = maximumWeightMatching(10, edges);
    expect(checkMatching(10, edges, mate).weight).toBe(bruteForce(10, edges, false).weight);
  });

  it('an empty graph matches nobody', () => {
    expect([...maximumWeightMatching(3, [])]).toEqual([-1, -1, -1]);
  });
});
