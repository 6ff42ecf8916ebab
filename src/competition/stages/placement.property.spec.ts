import fc from 'fast-check';
import { bracketSize } from '../bracket/elimination';
import { crossGroupPositions, groupLabels, QualifierSource, slotName } from './placement';

/** Cross-group placement against its promises, for every stage shape a staged tournament allows (2 to 32 groups). */
const groupOf = (source: QualifierSource | null) => (source && 'group' in source ? source.group : null);
const placeOf = (source: QualifierSource) => ('group' in source ? source.place : source.best);

/** How many of each group's qualifiers sit in each part of the bracket when cut into `parts` equal parts. */
function countsByPart(positions: (QualifierSource | null)[], parts: number): Map<string, number[]> {
  const width = positions.length / parts;
  const counts = new Map<string, number[]>();
  positions.forEach((source, index) => {
    const group = groupOf(source);
    if (group === null) return;
    const row = counts.get(group) ?? new Array<number>(parts).fill(0);
    row[Math.floor(index / width)] += 1;
    counts.set(group, row);
  });
  return counts;
}

const shapes = fc.record({
  groups: fc.integer({ min: 2, max: 32 }),
  perGroup: fc.integer({ min: 1, max: 4 }),
  best: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
});

describe('cross-group placement', () => {
  it('places every qualifier exactly once on a bracket of the next power of two, the rest byes, never two byes in one match', () => {
    fc.assert(
      fc.property(shapes, ({ groups, perGroup, best }) => {
        const bestOf = best === undefined ? undefined : { place: perGroup + 1, count: Math.min(best, groups - 1) };
        const positions = crossGroupPositions(groupLabels(groups), perGroup, bestOf);
        const qualifiers = groups * perGroup + (bestOf?.count ?? 0);
        expect(positions).toHaveLength(bracketSize(qualifiers));
        const named = positions.flatMap((source) => (source ? [slotName(source)] : []));
        expect(new Set(named).size).toBe(qualifiers);
        expect(named).toHaveLength(qualifiers);
        for (let match = 0; match < positions.length; match += 2) expect(positions[match] ?? positions[match + 1]).not.toBeNull();
      }),
    );
  });

  it('keeps a group’s qualifiers in opposite halves (two of them: one in each), and never lets a group meet itself in round 1', () => {
    fc.assert(
      fc.property(shapes, ({ groups, perGroup, best }) => {
        const bestOf = best === undefined ? undefined : { place: perGroup + 1, count: Math.min(best, groups - 1) };
        const positions = crossGroupPositions(groupLabels(groups), perGroup, bestOf);
        for (const [group, [upper, lower]] of countsByPart(positions, 2)) {
          expect({ group, difference: Math.abs(upper - lower) }).toEqual({ group, difference: perGroup % 2 });
        }
        for (let match = 0; match < positions.length; match += 2) {
          const [a, b] = [groupOf(positions[match]), groupOf(positions[match + 1])];
          if (a !== null) expect(b).not.toBe(a);
        }
      }),
    );
  });

  it('puts 3 or 4 qualifiers of a group in different quarters when the groups fill the bracket', () => {
    for (const groups of [4, 8, 16, 32]) {
      for (const perGroup of [3, 4]) {
        if (perGroup === 3 && groups < 4) continue;
        const positions = crossGroupPositions(groupLabels(groups), perGroup);
        for (const [group, quarters] of countsByPart(positions, 4)) {
          expect({ group, perGroup, quarters: quarters.every((count) => count <= 1) }).toEqual({ group, perGroup, quarters: true });
        }
      }
    }
  });

  it('gives the byes to the best-placed qualifiers and pits group winners against runners-up when they fill the bracket', () => {
    fc.assert(
      fc.property(shapes, ({ groups, perGroup }) => {
        const positions = crossGroupPositions(groupLabels(groups), perGroup);
        const withBye: number[] = [];
        const playing: number[] = [];
        for (let match = 0; match < positions.length; match += 2) {
          const [a, b] = [positions[match], positions[match + 1]];
          if (a && b) playing.push(placeOf(a), placeOf(b));
          else withBye.push(placeOf((a ?? b)!));
        }
        if (withBye.length > 0 && playing.length > 0) expect(Math.max(...withBye)).toBeLessThanOrEqual(Math.min(...playing));
        if (perGroup === 2 && positions.length === groups * 2) {
          for (let match = 0; match < positions.length; match += 2) {
            expect([placeOf(positions[match]!), placeOf(positions[match + 1]!)].sort()).toEqual([1, 2]);
          }
        }
      }),
    );
  });
});
