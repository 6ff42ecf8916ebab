/**
 * A double round robin (`legs: 2`): every pair meets twice, once at each home. Pairs are `[home, away]`
 * indexes into the field.
 *
 * The first half is the canonical circle schedule (de Werra): the last seat stays put, round r pairs it with r,
 * and r + k with r − k; homes alternate with k, and the fixed seat's home alternates with the round, so each
 * participant alternates home and away with at most one repeat in the half. The second half mirrors the first
 * with homes swapped. Where the halves meet, a participant whose half ends on the other side from where it began
 * plays twice running at the same venue; its one other repeat must then not touch the junction, and in the
 * canonical schedule only the repeats between the first two rounds do: swapping those two rounds moves them
 * away, at the cost of more repeats (with an even count, n − 4 participants then repeat twice in each half;
 * docs/matches.md gives the exact counts, which competition-rules.spec.ts pins). Result: nobody plays more than
 * two home or two away matches in a row, for every field size but 4, where no mirrored schedule can avoid one run
 * of three (three rounds a half leave no room).
 * Odd fields get an empty seat; whoever faces it sits the round out.
 */
export function doubleRoundRobinPairings(count: number): [number, number][][] {
  const firstHalf = canonicalRounds(count % 2 === 0 ? count : count + 1).map((pairs) => pairs.filter(([home, away]) => home < count && away < count));
  if (firstHalf.length > 2) [firstHalf[0], firstHalf[1]] = [firstHalf[1], firstHalf[0]];
  const secondHalf = firstHalf.map((pairs) => pairs.map(([home, away]): [number, number] => [away, home]));
  return [...firstHalf, ...secondHalf];
}

/** The canonical one-factorisation of an even number of seats, each pair as `[home, away]`. */
function canonicalRounds(seats: number): [number, number][][] {
  const fixed = seats - 1;
  const rotating = seats - 1;
  return Array.from({ length: rotating }, (_, round) => {
    const pairs: [number, number][] = [round % 2 === 0 ? [round, fixed] : [fixed, round]];
    for (let k = 1; k < seats / 2; k++) {
      const up = (round + k) % rotating;
      const down = (round - k + rotating) % rotating;
      pairs.push(k % 2 === 1 ? [up, down] : [down, up]);
    }
    return pairs;
  });
}
