/*
 * Elo, from the published formulas: expected score E = 1 / (1 + 10^((Rb − Ra) / 400)), new rating R + K·Σ(S − E).
 * By hand: two lines, and an npm package would add a dependency for them.
 */

/** The expected score of a player rated `rating` against one rated `opponent`. */
export function eloExpected(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400));
}

/** A rating after games against opponents as they were before them (S: 1 win, 0.5 draw, 0 loss). */
export function eloAfter(rating: number, games: readonly { opponent: number; score: number }[], k: number): number {
  let change = 0;
  for (const { opponent, score } of games) change += score - eloExpected(rating, opponent);
  return rating + k * change;
}
