import {
  crossGroupPositions,
  fillGroups,
  GroupCandidate,
  groupLabel,
  groupLabels,
  parseSlots,
  placeholderName,
  QualifierSource,
  slotName,
  SlotProblem,
  standingsPositions,
} from './placement';

const field = (count: number, seeded = count): GroupCandidate[] =>
  Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, seed: index < seeded ? index + 1 : null, name: `Team ${String(index + 1).padStart(2, '0')}` }));

const groupsOf = (result: ReturnType<typeof fillGroups>) => {
  if (!('groups' in result)) throw new Error(`expected groups, got ${JSON.stringify(result)}`);
  return Object.fromEntries(result.groups.map((group) => [group.label, group.participantIds]));
};

const names = (positions: (QualifierSource | null)[]) => positions.map((source) => (source ? slotName(source) : 'bye'));

describe('group labels', () => {
  it.each([
    [0, 'A'],
    [7, 'H'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [51, 'AZ'],
    [52, 'BA'],
    [63, 'BL'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('group %i is %s', (index, label) => {
    expect(groupLabel(index)).toBe(label);
  });
});

describe('filling the first stage’s groups', () => {
  it('snakes by seed: 1→A, 2→B, …, then back from the last group', () => {
    expect(groupsOf(fillGroups(field(12), 4, 'snake'))).toEqual({
      A: ['p1', 'p8', 'p9'],
      B: ['p2', 'p7', 'p10'],
      C: ['p3', 'p6', 'p11'],
      D: ['p4', 'p5', 'p12'],
    });
  });

  it('seeds first and the unseeded after them by name, whatever order they come in', () => {
    const participants: GroupCandidate[] = [
      { id: 'zed', seed: null, name: 'Zed' },
      { id: 'second', seed: 2, name: 'Second' },
      { id: 'amy', seed: null, name: 'Amy' },
      { id: 'first', seed: 1, name: 'First' },
    ];
    expect(groupsOf(fillGroups(participants, 2, 'snake'))).toEqual({ A: ['first', 'zed'], B: ['second', 'amy'] });
  });

  it('fills groups in order when sequential, the first groups taking one more when the field does not divide', () => {
    expect(groupsOf(fillGroups(field(11), 3, 'sequential'))).toEqual({
      A: ['p1', 'p2', 'p3', 'p4'],
      B: ['p5', 'p6', 'p7', 'p8'],
      C: ['p9', 'p10', 'p11'],
    });
  });

  it('takes each participant’s own group when manual', () => {
    const participants = field(4).map((participant, index) => ({ ...participant, group: index % 2 === 0 ? 'B' : 'A' }));
    expect(groupsOf(fillGroups(participants, 2, 'manual'))).toEqual({ A: ['p2', 'p4'], B: ['p1', 'p3'] });
  });

  it('names, when manual, a participant without a group, one in a group the stage does not have, and a group of fewer than 2', () => {
    const participants: GroupCandidate[] = [
      { id: 'a1', seed: 1, name: 'One', group: 'A' },
      { id: 'a2', seed: 2, name: 'Two', group: 'A' },
      { id: 'none', seed: 3, name: 'Three', group: null },
      { id: 'lost', seed: 4, name: 'Four', group: 'D' },
      { id: 'b1', seed: 5, name: 'Five', group: 'B' },
    ];
    const result = fillGroups(participants, 3, 'manual');
    expect('problems' in result && result.problems.map(({ participantId, group }) => ({ participantId, group }))).toEqual([
      { participantId: 'none', group: undefined },
      { participantId: 'lost', group: 'D' },
      { participantId: undefined, group: 'B' },
      { participantId: undefined, group: 'C' },
    ]);
  });

  it('refuses groups of fewer than 2 when the field is too small for the groups', () => {
    const result = fillGroups(field(5), 3, 'snake');
    expect('problems' in result && result.problems.map((problem) => problem.group)).toEqual(['A']);
  });
});

describe('placing qualifiers in the next stage’s bracket', () => {
  it('gives 8 groups of 2 the World Cup shape', () => {
    expect(names(crossGroupPositions(groupLabels(8), 2))).toEqual(
      ['A1', 'B2', 'C1', 'D2', 'E1', 'F2', 'G1', 'H2', 'B1', 'A2', 'D1', 'C2', 'F1', 'E2', 'H1', 'G2'],
    );
  });

  it('gives the byes to group winners when the qualifiers do not fill the bracket', () => {
    expect(names(crossGroupPositions(groupLabels(3), 2))).toEqual(['A1', 'bye', 'B2', 'C2', 'B1', 'bye', 'C1', 'A2']);
  });

  it('seeds the best of the rest last, so they meet the top seeds', () => {
    expect(names(crossGroupPositions(groupLabels(3), 2, { place: 3, count: 2 }))).toEqual(['A1', '3rd:2', 'B2', 'C2', 'B1', '3rd:1', 'C1', 'A2']);
  });

  it('seeds by standings 1 v n, …, with byes for the top seeds', () => {
    expect(standingsPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(standingsPositions(6)).toEqual([1, null, 4, 5, 2, null, 3, 6]);
  });
});

describe('an organiser’s slot map', () => {
  const labels = groupLabels(4);
  const problems = (slots: string[], perGroup = 2, best?: { place: number; count: number }) => parseSlots(slots, labels, perGroup, best) as SlotProblem[];

  it('reads groups and places, best-of-the-rest ranks and byes', () => {
    expect(parseSlots(['A1', 'bye', 'B1', 'bye', 'C1', 'bye', 'D1', 'bye', 'A2', 'bye', 'B2', 'bye', 'C2', 'D2', '3rd:1', '3rd:2'], labels, 2, { place: 3, count: 2 })).toEqual(
      expect.arrayContaining([{ group: 'A', place: 1 }, { best: 3, rank: 1 }, null]),
    );
    expect(parseSlots(['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'D1', 'C2'], labels, 2)).toEqual([
      { group: 'A', place: 1 },
      { group: 'B', place: 2 },
      { group: 'C', place: 1 },
      { group: 'D', place: 2 },
      { group: 'B', place: 1 },
      { group: 'A', place: 2 },
      { group: 'D', place: 1 },
      { group: 'C', place: 2 },
    ]);
  });

  it('points at a place named twice, and says which one is missing', () => {
    const [problem] = problems(['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'D1', 'A1']);
    expect(problem.index).toBe(7);
    expect(problem.detail).toMatch(/A1 is named twice.*Not placed: C2/);
  });

  it.each([
    [['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'E1', 'C2'], 6, /no group E/],
    [['A1', 'B2', 'C1', 'D2', 'B1', 'A3', 'D1', 'C2'], 5, /top 2/],
    [['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'D1', 'X'], 7, /not a slot/],
    [['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'D1', '3rd:1'], 7, /does not advance the best 3rd/],
  ])('points at an entry it cannot place: %j', (slots, index, detail) => {
    const [problem] = problems(slots);
    expect(problem.index).toBe(index);
    expect(problem.detail).toMatch(detail);
  });

  it('points at a best-of-the-rest rank beyond the count and a wrongly written place', () => {
    const best = { place: 3, count: 2 };
    const slots = ['A1', 'bye', 'B1', 'bye', 'C1', 'bye', 'D1', 'bye', 'A2', 'bye', 'B2', 'bye', 'C2', 'D2', '3rd:3', '3th:2'];
    expect(problems(slots, 2, best).map(({ index }) => index)).toEqual([14, 15]);
    expect(problems(slots, 2, best)[1].detail).toMatch(/3rd/);
  });

  it('wants exactly the bracket’s positions, byes written out', () => {
    expect(problems(['A1', 'B2', 'C1', 'D2'])).toEqual([{ index: 4, detail: expect.stringMatching(/8 positions; the slot map has 4/) }]);
    expect(problems([...'A1 B2 C1 D2 B1 A2 D1 C2'.split(' '), 'bye'])).toEqual([{ index: 8, detail: expect.any(String) }]);
    expect(problems(['A1', 'B2', 'C1', 'D2', 'B1', 'A2', 'D1', 'C2', 'A3', 'B3'], 3)[0]).toEqual({ index: 10, detail: expect.stringMatching(/4 of them "bye"/) });
  });

  it('refuses a bye too many and two byes in one match', () => {
    const slots = ['A1', '3rd:2', 'B1', '3rd:1', 'A2', 'B2', 'bye', 'bye'];
    const found = parseSlots(slots, groupLabels(2), 2, { place: 3, count: 2 }) as SlotProblem[];
    expect(found.map(({ index }) => index)).toEqual([7]);
    expect(found[0].detail).toMatch(/Two byes/);
    const tooMany = parseSlots(['A1', 'bye', 'B1', 'bye', 'A2', 'bye', 'B2', 'bye'], groupLabels(3), 2) as SlotProblem[];
    expect(tooMany.map(({ index }) => index)).toEqual([5, 7]);
    expect(tooMany[0].detail).toMatch(/Not placed: C1, C2/);
  });
});

describe('placeholder names', () => {
  it.each<[QualifierSource, string]>([
    [{ group: 'A', place: 1 }, 'Winner Group A'],
    [{ group: 'B', place: 2 }, 'Runner-up Group B'],
    [{ group: 'C', place: 3 }, 'Third Group C'],
    [{ group: 'D', place: 4 }, '4th Group D'],
    [{ group: 'AA', place: 11 }, '11th Group AA'],
    [{ best: 3, rank: 1 }, 'Best third 1'],
    [{ best: 2, rank: 4 }, 'Best runner-up 4'],
    [{ best: 4, rank: 2 }, 'Best 4th 2'],
  ])('%j reads "%s"', (source, name) => {
    expect(placeholderName(source)).toBe(name);
  });
});
