import { rate, rating } from 'openskill';
import fc from 'fast-check';
import { applyResults, byStanding, computeRatings, inRatingOrder, PlayerRating, RatedResult } from './rating-engine';
import { glicko2Period } from './glicko2';
import { eloAfter } from './elo';
import { ratingSettingsOf, RatingSettings } from './rating-settings';

const settings = (value: object) => ratingSettingsOf(value) as RatingSettings;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

/** A result among the players named, in their order of finishing (equal places in one inner array). */
function result(id: string, minute: number, ...places: (string | string[])[]): RatedResult {
  return {
    id,
    matchId: id,
    tournamentId: 't1',
    completedAt: at(minute),
    placings: places.flatMap((place, index) => [place].flat().map((key) => ({ key, name: key.toUpperCase(), rank: index + 1 }))),
  };
}

const byKey = <T extends { key: string }>(table: T[]): Record<string, T> => Object.fromEntries(table.map((row) => [row.key, row]));

/** Ten one-on-one matches among four players, winner first; one of them (a pair in an array) a draw. */
type Pairing = [winner: string, loser: string] | [draw: [string, string]];
const TEN: Pairing[] = [['a', 'b'], ['c', 'd'], ['a', 'c'], ['b', 'd'], ['d', 'a'], [['b', 'c']], ['a', 'b'], ['c', 'a'], ['d', 'b'], ['a', 'd']];
/** Each pairing as (first, second, first's score). */
const scored = ([first, second]: Pairing): [string, string, number] => (Array.isArray(first) ? [first[0], first[1], 0.5] : [first, second as string, 1]);
const tenResults = (): RatedResult[] => TEN.map((pairing, i) => (pairing.length === 1 ? result(`m${i}`, i, pairing[0]) : result(`m${i}`, i, ...pairing)));

describe('the rating engine: openskill (Plackett-Luce) gives what the package gives', () => {
  const model = settings({ model: 'openskill' });

  it('a two-player match and a draw', () => {
    const [[winner], [loser]] = rate([[rating()], [rating()]]);
    const [[drawA], [drawB]] = rate([[rating()], [rating()]], { rank: [1, 1] });
    const rows = byKey(computeRatings(model, [result('m1', 1, 'a', 'b'), result('m2', 2, ['c', 'd'])]).table);
    expect(rows.a.values).toEqual(winner);
    expect(rows.b.values).toEqual(loser);
    expect(rows.c.values).toEqual(drawA);
    expect(rows.d.values).toEqual(drawB);
    expect(rows.a).toMatchObject({ wins: 1, draws: 0, losses: 0, matches: 1, score: winner.mu - 3 * winner.sigma });
    expect(rows.c).toMatchObject({ wins: 0, draws: 1, losses: 0 });
  });

  it("a four-player free-for-all rated at once: the README's example (ranks 4, 1, 3, 2)", () => {
    const rows = byKey(computeRatings(model, [result('m1', 1, 'b', 'd', 'c', 'a')]).table);
    expect(rows.a.values).toEqual({ mu: expect.closeTo(20.963, 2), sigma: expect.closeTo(8.084, 2) });
    expect(rows.b.values).toEqual({ mu: expect.closeTo(27.795, 2), sigma: expect.closeTo(8.263, 2) });
    expect(rows.c.values).toEqual({ mu: expect.closeTo(24.689, 2), sigma: expect.closeTo(8.084, 2) });
    expect(rows.d.values).toEqual({ mu: expect.closeTo(26.553, 2), sigma: expect.closeTo(8.179, 2) });
    expect([rows.b.wins, rows.d.losses, rows.a.losses]).toEqual([1, 1, 1]);
  });

  it('a ten-match history, given in any order, is the package applied match by match in order of completion', () => {
    const custom = settings({ model: 'openskill', mu: 30, sigma: 7, beta: 4, tau: 0.2 });
    const options = { mu: 30, sigma: 7, beta: 4, tau: 0.2 };
    const values = new Map<string, { mu: number; sigma: number }>();
    const get = (key: string) => values.get(key) ?? rating({}, options);
    for (const pairing of TEN) {
      const [x, y, score] = scored(pairing);
      const [[nx], [ny]] = rate([[get(x)], [get(y)]], { ...options, rank: score === 0.5 ? [1, 1] : [1, 2] });
      values.set(x, nx).set(y, ny);
    }
    const { table, history } = computeRatings(custom, tenResults().reverse());
    for (const row of table) expect(row.values).toEqual(values.get(row.key));
    expect(table.map((row) => row.score)).toEqual([...table.map((row) => row.score)].sort((x, y) => y - x));
    expect(history).toHaveLength(20);
    for (const key of ['a', 'b', 'c', 'd']) {
      const mine = history.filter((entry) => entry.key === key);
      mine.slice(1).forEach((entry, i) => expect(entry.before).toEqual(mine[i].after));
    }
  });
});

describe('the rating engine: Glicko-2', () => {
  const model = settings({ model: 'glicko2' });

  it("a free-for-all is one rating period against every other player: the paper's example as a four-player result", () => {
    const paper = settings({ model: 'glicko2', rating: 1500, rd: 200 });
    // The paper's opponents have their own ratings; here a four-player result from equal starts checks the same step.
    const rows = byKey(computeRatings(paper, [result('m1', 1, 'b', 'a', 'c', 'd')]).table);
    const start = { rating: 1500, rd: 200, volatility: 0.06 };
    expect(rows.a.values).toEqual(glicko2Period(start, [{ opponent: start, score: 0 }, { opponent: start, score: 1 }, { opponent: start, score: 1 }], 0.5));
    expect(rows.a.score).toBeCloseTo((rows.a.values as { rating: number }).rating - 2 * (rows.a.values as { rd: number }).rd, 9);
  });

  it('a two-player match, a draw and a ten-match history are the paper\'s steps applied match by match', () => {
    const values = new Map<string, { rating: number; rd: number; volatility: number }>();
    const get = (key: string) => values.get(key) ?? { rating: 1500, rd: 350, volatility: 0.06 };
    for (const pairing of TEN) {
      const [x, y, score] = scored(pairing);
      const [vx, vy] = [get(x), get(y)];
      values.set(x, glicko2Period(vx, [{ opponent: vy, score }], 0.5)).set(y, glicko2Period(vy, [{ opponent: vx, score: 1 - score }], 0.5));
    }
    const { table } = computeRatings(model, tenResults());
    for (const row of table) expect(row.values).toEqual(values.get(row.key));
    const rows = byKey(table);
    expect([rows.b.draws, rows.c.draws, rows.a.wins, rows.a.losses]).toEqual([1, 1, 4, 2]);
  });
});

describe('the rating engine: Elo', () => {
  it('a two-player match between equals moves 16 each way with K 32; a draw between equals moves nothing', () => {
    const rows = byKey(computeRatings(settings({ model: 'elo' }), [result('m1', 1, 'a', 'b'), result('m2', 2, ['c', 'd'])]).table);
    expect([rows.a.values, rows.b.values, rows.c.values, rows.d.values]).toEqual([{ rating: 1516 }, { rating: 1484 }, { rating: 1500 }, { rating: 1500 }]);
  });

  it("a four-player free-for-all shares K among the n − 1 pairs, so the winner of equals gains K/2", () => {
    const rows = byKey(computeRatings(settings({ model: 'elo' }), [result('m1', 1, 'a', 'b', 'c', 'd')]).table);
    expect((rows.a.values as { rating: number }).rating).toBeCloseTo(1500 + (32 / 3) * 1.5, 9);
    expect((rows.d.values as { rating: number }).rating).toBeCloseTo(1500 - (32 / 3) * 1.5, 9);
  });

  it('a ten-match history is the formula applied in order, and keeps the total', () => {
    const values = new Map<string, number>();
    const get = (key: string) => values.get(key) ?? 1200;
    for (const pairing of TEN) {
      const [x, y, score] = scored(pairing);
      const [vx, vy] = [get(x), get(y)];
      values.set(x, eloAfter(vx, [{ opponent: vy, score }], 20)).set(y, eloAfter(vy, [{ opponent: vx, score: 1 - score }], 20));
    }
    const { table } = computeRatings(settings({ model: 'elo', rating: 1200, k: 20 }), tenResults());
    for (const row of table) expect(row.values).toEqual({ rating: values.get(row.key) });
    expect(table.reduce((sum, row) => sum + row.score, 0)).toBeCloseTo(4 * 1200, 9);
  });
});

describe('the rating engine: the table', () => {
  it('is provisional below provisional_matches, or while the uncertainty is above the threshold', () => {
    const games = Array.from({ length: 6 }, (_, i) => result(`m${i}`, i, i % 2 ? 'a' : 'b', i % 2 ? 'b' : 'a'));
    const elo = byKey(computeRatings(settings({ model: 'elo' }), games.slice(0, 4)).table);
    expect(elo.a.provisional).toBe(true);
    expect(byKey(computeRatings(settings({ model: 'elo', provisional_matches: 4 }), games.slice(0, 4)).table).a.provisional).toBe(false);
    // Six games leave a Glicko-2 RD of 350 well above 110: still provisional by uncertainty.
    const glicko = byKey(computeRatings(settings({ model: 'glicko2' }), games).table);
    expect((glicko.a.values as { rd: number }).rd).toBeGreaterThan(110);
    expect(glicko.a.provisional).toBe(true);
    expect(byKey(computeRatings(settings({ model: 'glicko2', rd: 100 }), games).table).a.provisional).toBe(false);
  });

  it('orders results completed at the same instant by id, and records the last change and when', () => {
    const same = [result('m2', 1, 'b', 'a'), result('m1', 1, 'a', 'b')];
    const { table, history } = computeRatings(settings({ model: 'elo' }), same);
    expect(history.map((entry) => entry.resultId)).toEqual(['m1', 'm1', 'm2', 'm2']);
    const rows = byKey(table);
    expect(rows.a.lastChange).toBeCloseTo(rows.a.score - history[0].scoreAfter, 9);
    expect(rows.a.lastChangedAt).toEqual(at(1));
    expect(rows.a.name).toBe('A');
  });
});

describe('the rating engine: a report on the stored table', () => {
  const player = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const aResult = fc.record({ players: fc.uniqueArray(player, { minLength: 2, maxLength: 4 }), ranks: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }) });

  it('rating new results on top of the stored rows gives the table and history a replay from scratch gives, for every model', () => {
    fc.assert(
      fc.property(fc.constantFrom('openskill', 'glicko2', 'elo'), fc.array(aResult, { minLength: 1, maxLength: 12 }), fc.nat(), (model, drawn, cut) => {
        const options = settings({ model });
        const results: RatedResult[] = drawn.map(({ players, ranks }, i) => ({
          id: `m${String(i).padStart(2, '0')}`,
          matchId: `m${i}`,
          tournamentId: 't1',
          completedAt: at(i),
          placings: players.map((key, place) => ({ key, name: key.toUpperCase(), rank: ranks[place] })),
        }));
        const split = cut % (results.length + 1);
        const stored = computeRatings(options, results.slice(0, split));
        // The stored rows as the store gives them back: plain copies, not the replay's objects.
        const rows = new Map<string, PlayerRating>(stored.table.map((row) => [row.key, structuredClone(row)]));
        const appended = applyResults(options, rows, inRatingOrder(results.slice(split)));
        const whole = computeRatings(options, results);
        expect([...rows.values()].sort(byStanding)).toEqual(whole.table);
        expect([...stored.history, ...appended]).toEqual(whole.history);
      }),
      { numRuns: 150 },
    );
  });
});
