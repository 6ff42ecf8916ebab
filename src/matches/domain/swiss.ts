import { emptyOpponent, FormatSettings, isBye, Match, NewId, newMatch, participantsOf, SeededParticipant } from './match';
import { computeStandings } from './standings';

/**
 * Swiss pairing. Participants are taken in standings order (points, Buchholz, Sonneborn-Berger, seed, then
 * seeding order); the top unpaired one meets, by preference, the top of the lower half of its own score group
 * (so round 1, where everyone has 0 points, is the top half against the bottom half by seed), then the rest of
 * its group, then lower groups. A depth-first search backs out of dead ends so no pair meets twice. An odd
 * field gives a bye to the lowest-ranked participant who has not had one.
 */
export interface SwissPairing {
  pairs: [string, string][];
  bye: string | null;
}

/** Dead-end searches give up after this many steps and accept the fewest rematches greedily (only reachable with more rounds than the field allows). */
const SEARCH_BUDGET = 50_000;

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Preference order of opponents for `first` (the top of `rest`, ranked): its score group's lower half first. */
function candidates(first: string, rest: string[], points: Map<string, number>): string[] {
  const group = rest.filter((id) => points.get(id) === points.get(first));
  const half = Math.floor((group.length + 1) / 2) - 1;
  const preferred = [...group.slice(half), ...group.slice(0, half).reverse()];
  const others = rest.filter((id) => points.get(id) !== points.get(first));
  return [...preferred, ...others];
}

function search(ranked: string[], points: Map<string, number>, met: Set<string>, budget: { steps: number }): [string, string][] | null {
  if (ranked.length === 0) return [];
  if (--budget.steps < 0) return null;
  const [first, ...rest] = ranked;
  for (const opponent of candidates(first, rest, points)) {
    if (met.has(pairKey(first, opponent))) continue;
    const others = search(
      rest.filter((id) => id !== opponent),
      points,
      met,
      budget,
    );
    if (others) return [[first, opponent], ...others];
    if (budget.steps < 0) return null;
  }
  return null;
}

function greedy(ranked: string[], points: Map<string, number>, met: Set<string>): [string, string][] {
  const pairs: [string, string][] = [];
  let rest = [...ranked];
  while (rest.length > 1) {
    const [first, ...others] = rest;
    const options = candidates(first, others, points);
    const opponent = options.find((id) => !met.has(pairKey(first, id))) ?? options[0];
    pairs.push([first, opponent]);
    rest = others.filter((id) => id !== opponent);
  }
  return pairs;
}

export function pairSwissRound(ranked: string[], points: Map<string, number>, met: Set<string>, hadBye: Set<string>): SwissPairing {
  const byeCandidates = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().sort((a, b) => Number(hadBye.has(a)) - Number(hadBye.has(b)));
  const budget = { steps: SEARCH_BUDGET };
  for (const bye of byeCandidates) {
    const pairs = search(
      ranked.filter((id) => id !== bye),
      points,
      met,
      budget,
    );
    if (pairs) return { pairs, bye };
    if (budget.steps < 0) break;
  }
  const bye = byeCandidates[0];
  return {
    pairs: greedy(
      ranked.filter((id) => id !== bye),
      points,
      met,
    ),
    bye,
  };
}

/** The matches of the next swiss round, from the completed rounds so far. */
export function pairNextSwissRound(
  settings: FormatSettings,
  participants: SeededParticipant[],
  played: Match[],
  round: number,
  firstNumber: number,
  newId: NewId,
  /** Participants who left: they count in the standings (their opponents' Buchholz) but are paired no more. */
  withdrawn: ReadonlySet<string> = new Set(),
): Match[] {
  const standings = computeStandings(settings, participants, played);
  const ranked = standings.map((row) => row.participantId).filter((id) => !withdrawn.has(id));
  const points = new Map(standings.map((row) => [row.participantId, row.points]));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const match of played) {
    const ids = participantsOf(match);
    if (isBye(match)) hadBye.add(ids[0]);
    else met.add(pairKey(ids[0], ids[1]));
  }
  const { pairs, bye } = pairSwissRound(ranked, points, met, hadBye);

  const matches = pairs.map(([a, b], index) =>
    newMatch({ id: newId(), number: firstNumber + index, round, bracket: 'main', status: 'ready', opponents: [emptyOpponent(a), emptyOpponent(b)] }),
  );
  if (bye !== null) {
    const opponents = [{ participantId: bye, score: null, rank: null, result: 'win' as const }];
    matches.push({ ...newMatch({ id: newId(), number: firstNumber + pairs.length, round, bracket: 'main', status: 'completed', opponents }), winnerId: bye });
  }
  return matches;
}
