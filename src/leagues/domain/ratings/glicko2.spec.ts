import { glicko2Period } from './glicko2';
import { eloAfter, eloExpected } from './elo';

describe('Glicko-2 (Glickman, "Example of the Glicko-2 system")', () => {
  it("gives the paper's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300 → 1464.06/151.52/0.05999", () => {
    const after = glicko2Period(
      { rating: 1500, rd: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds its intermediate steps (μ′ = −0.2069); unrounded the rating is 1464.05.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 2);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a period without games only widens the deviation by the volatility (step 6)', () => {
    const after = glicko2Period({ rating: 1500, rd: 200, volatility: 0.06 }, [], 0.5);
    expect(after.rating).toBe(1500);
    expect(after.rd).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
  });

  it('a draw between equals moves neither rating, and narrows both deviations', () => {
    const equal = { rating: 1500, rd: 350, volatility: 0.06 };
    const after = glicko2Period(equal, [{ opponent: equal, score: 0.5 }], 0.5);
    expect(after.rating).toBeCloseTo(1500, 9);
    expect(after.rd).toBeLessThan(350);
  });
});

describe('Elo (published formulas)', () => {
  it('between equals with K 32 a win is worth 16', () => {
    expect(eloExpected(1500, 1500)).toBe(0.5);
    expect(eloAfter(1500, [{ opponent: 1500, score: 1 }], 32)).toBe(1516);
    expect(eloAfter(1500, [{ opponent: 1500, score: 0 }], 32)).toBe(1484);
    expect(eloAfter(1500, [{ opponent: 1500, score: 0.5 }], 32)).toBe(1500);
  });

  it("gives Wikipedia's worked example: 1613 scores 2.5 against 1609, 1477, 1388, 1586, 1720 → 1601 (K 32)", () => {
    const games = [
      { opponent: 1609, score: 0 },
      { opponent: 1477, score: 0.5 },
      { opponent: 1388, score: 1 },
      { opponent: 1586, score: 1 },
      { opponent: 1720, score: 0 },
    ];
    const expected = games.reduce((sum, { opponent }) => sum + eloExpected(1613, opponent), 0);
    expect(expected).toBeCloseTo(2.867, 3);
    expect(Math.round(eloAfter(1613, games, 32))).toBe(1601);
  });
});
