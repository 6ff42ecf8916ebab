/*
 * Glicko-2, written from Glickman's "Example of the Glicko-2 system" (2013), steps 1–8. By hand rather than from an
 * npm package: the formulas fit on a page, the paper's worked example is the test vector, and the packages on npm
 * keep mutable player objects and rating periods that a replay from scratch would have to work around.
 */

/** Glickman's scale factor between the Glicko and the Glicko-2 scales. */
const SCALE = 173.7178;
/** Convergence tolerance of step 5 (the paper's ε). */
const EPSILON = 0.000001;
/** A bound on step 5's iterations: the Illinois method converges in a handful; this only stops a runaway. */
const MAX_ITERATIONS = 100;

export interface Glicko2Rating {
  rating: number;
  rd: number;
  volatility: number;
}

/** One game of a rating period: the opponent as they were before it, and the score (1 win, 0.5 draw, 0 loss). */
export interface Glicko2Game {
  opponent: Glicko2Rating;
  score: number;
}

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** A player's rating after one rating period of games; with no games only the deviation grows (step 6). */
export function glicko2Period(player: Glicko2Rating, games: readonly Glicko2Game[], tau: number): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    return { rating: player.rating, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE, volatility: sigma };
  }
  let inverseV = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    const gj = g(phiJ);
    inverseV += gj * gj * e * (1 - e);
    sum += gj * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  const newSigma = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  return { rating: newMu * SCALE + 1500, rd: newPhi * SCALE, volatility: newSigma };
}

/** Step 5: the new volatility, by the Illinois algorithm. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_ITERATIONS) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > EPSILON && i < MAX_ITERATIONS; i += 1) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA = fA / 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}
