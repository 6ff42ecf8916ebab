import fc from 'fast-check';
import { participantNameKey } from './participant-name';
import { byName, byRandom, byRating, SeedingEntry, seedsInOrder } from './seeding';

const entry = (id: string, name: string, externalId: string | null = null): SeedingEntry => ({ id, name, nameKey: participantNameKey(name), externalId, seed: null });
const ids = (order: SeedingEntry[]) => order.map((item) => item.id);

describe('seeding a whole field', () => {
  const field = [entry('p1', 'dora'), entry('p2', 'Bob'), entry('p3', 'alice'), entry('p4', 'Cy')];

  it('by name ignores case', () => {
    expect(ids(byName(field))).toEqual(['p3', 'p2', 'p4', 'p1']);
  });

  it('at random repeats its shuffle for the same random_seed over the same field in any order, and is a permutation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.integer({ min: 0, max: 40 }), (randomSeed, size) => {
        const players = Array.from({ length: size }, (_, i) => entry(`p${String(i).padStart(3, '0')}`, `Player ${i}`));
        const once = ids(byRandom(players, randomSeed));
        expect(ids(byRandom([...players].reverse(), randomSeed))).toEqual(once);
        expect([...once].sort()).toEqual(ids(players));
      }),
      { numRuns: 200 },
    );
    const many = Array.from({ length: 20 }, (_, i) => entry(`p${String(i).padStart(2, '0')}`, `P${i}`));
    expect(ids(byRandom(many, 1))).not.toEqual(ids(byRandom(many, 2)));
  });

  it('by rating puts the rated by their place in the table, then the unrated by name', () => {
    const places = new Map([
      ['name:cy', 0],
      ['id:42', 1],
      ['name:dora', 2],
    ]);
    const withId = [...field, entry('p5', 'Eve', '42'), entry('p6', 'Al')];
    const keyOf = (item: SeedingEntry) => (item.externalId !== null ? `id:${item.externalId}` : `name:${item.nameKey}`);
    expect(ids(byRating(withId, places, keyOf))).toEqual(['p4', 'p5', 'p1', 'p6', 'p3', 'p2']);
  });

  it('numbers seeds from 1 in order, and leaves unseeded whoever comes past the highest seed', () => {
    expect([...seedsInOrder(field).values()]).toEqual([1, 2, 3, 4]);
    const huge = Array.from({ length: 1030 }, (_, i) => entry(`p${i}`, `P${i}`));
    const seeds = seedsInOrder(huge);
    expect([seeds.get('p1023'), seeds.get('p1024'), seeds.get('p1029')]).toEqual([1024, null, null]);
  });
});
