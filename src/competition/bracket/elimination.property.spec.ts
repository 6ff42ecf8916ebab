import fc from 'fast-check';
import { countingIds, playOut, seededRandom, someParticipants } from '../testing/play-out';
import { generateElimination } from './elimination';
import { Match } from '../match/match';

/**
 * Double elimination: how many losers' matches could host a rematch of a winners' bracket game, counted from the
 * generated bracket alone. A winners' match W's loser and winner meet again in a losers' match L when W's loser
 * can reach one slot of L and a later winners' match containing W (whose loser may be W's winner) feeds the other.
 */
function rematchHosts(size: number): Map<number, { hosts: number; matches: number }> {
  const matches = generateElimination(true, someParticipants(size), countingIds());
  const byId = new Map(matches.map((match) => [match.id, match]));
  // Who can play each winners' match: its seeds, or everyone who can play its feeders.
  const players = new Map<string, Set<string>>();
  const playersOf = (match: Match): Set<string> => {
    let known = players.get(match.id);
    if (!known) {
      known = new Set(match.opponents.flatMap((opponent) => (opponent.participantId ? [opponent.participantId] : [])));
      for (const feeder of matches.filter((other) => other.nextMatchId === match.id && other.bracket === 'winners')) {
        for (const id of playersOf(feeder)) known.add(id);
      }
      players.set(match.id, known);
    }
    return known;
  };
  // For each losers' match slot: the winners' matches whose loser can arrive there.
  const sources = new Map<string, Match[][]>(matches.map((match) => [match.id, [[], []]]));
  const ordered = [...matches].sort((a, b) => a.number - b.number);
  for (const match of ordered) {
    if (match.bracket === 'winners' && match.loserNextMatchId) sources.get(match.loserNextMatchId)![match.loserNextSlot!].push(match);
    if (match.bracket === 'losers' && match.nextMatchId && byId.get(match.nextMatchId)!.bracket === 'losers') {
      sources.get(match.nextMatchId)![match.nextSlot!].push(...sources.get(match.id)!.flat());
    }
  }
  const within = (inner: Match, outer: Match) => {
    const a = playersOf(inner);
    const b = playersOf(outer);
    return inner !== outer && a.size < b.size && [...a].every((id) => b.has(id));
  };
  const byRound = new Map<number, { hosts: number; matches: number }>();
  for (const match of matches.filter((one) => one.bracket === 'losers')) {
    const [a, b] = sources.get(match.id)!;
    const host = a.some((x) => b.some((y) => within(x, y) || within(y, x)));
    const entry = byRound.get(match.round) ?? { hosts: 0, matches: 0 };
    entry.hosts += host ? 1 : 0;
    entry.matches += 1;
    byRound.set(match.round, entry);
  }
  return byRound;
}

describe('double elimination drop-in orders', () => {
  it('leave 64 players no losers’ round-4 or round-6 match that could repeat a winners’ game (the alternating order left 8 of 8)', () => {
    const rounds = rematchHosts(64);
    expect(rounds.get(4)).toEqual({ hosts: 0, matches: 8 });
    expect(rounds.get(6)).toEqual({ hosts: 0, matches: 4 });
    expect([...rounds.entries()].filter(([, { hosts }]) => hosts > 0).map(([round, entry]) => [round, entry.hosts])).toEqual([
      [7, 2],
      [8, 2],
      [9, 1],
      [10, 1],
    ]);
  });

  it.each([
    [8, 2],
    [16, 4],
    [32, 6],
    [64, 6],
    [128, 10],
    [256, 10],
    [512, 10],
    [1024, 14],
  ])('with %i players, %i losers’ matches in all could host a rematch (the fewest any sequence of these orders allows)', (size, total) => {
    const rounds = rematchHosts(size);
    expect([...rounds.values()].reduce((sum, { hosts }) => sum + hosts, 0)).toBe(total);
    // Losers' round 1 and 2 never can: their players come from disjoint parts of the winners' bracket.
    expect(rounds.get(1)!.hosts + (rounds.get(2)?.hosts ?? 0)).toBe(0);
  });
});

describe('single elimination with a third-place match (random fields of 4–130, random results)', () => {
  it('plays n matches, and ranks the final’s players 1 and 2, the third-place match’s 3 and 4, then 5, 9, …', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 130 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, seed) => {
        const { play } = playOut({ format: 'single_elimination', rounds: null, thirdPlaceMatch: true }, someParticipants(count), seededRandom(seed));
        const matches = play.all();
        expect(matches).toHaveLength(count);
        const final = matches.find((match) => match.bracket === 'main' && match.nextMatchId === null)!;
        const thirdPlace = matches.find((match) => match.bracket === 'third_place')!;
        expect(thirdPlace.number).toBe(final.number - 1);
        const ranks = new Map(play.standings().map((row) => [row.participantId, row.rank]));
        const loserOf = (match: Match) => match.opponents.find((opponent) => opponent.participantId !== match.winnerId)!.participantId!;
        expect([final.winnerId, loserOf(final), thirdPlace.winnerId, loserOf(thirdPlace)].map((id) => ranks.get(id!))).toEqual([1, 2, 3, 4]);
        const others = [...ranks.values()].filter((rank) => rank > 4);
        expect(others.every((rank) => [5, 9, 17, 33, 65, 129].includes(rank))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
