import { Bracket, emptyOpponent, Match, NewId, newMatch, SeededParticipant, statusFromSlots } from '../match/match';

/**
 * Single and double elimination brackets. The full bracket of the next power of two is laid out as nodes
 * whose two slots come from a seed, or from the winner or loser of an earlier node. A slot whose seed is
 * beyond the field is a bye: a node with a bye is not a match, its one entrant goes straight on (and its
 * "loser" is a bye in turn). Only nodes with two real entrants become matches.
 */
type Source = { kind: 'seed'; index: number } | { kind: 'winner' | 'loser'; node: BracketNode };

interface BracketNode {
  bracket: Bracket;
  round: number;
  /** Position among the bracket round's nodes, top to bottom. */
  position: number;
  /** When it is played relative to other nodes: the play order, and how far a participant got. */
  stage: number;
  sources: [Source, Source];
}

type Entrant = { kind: 'bye' } | { kind: 'participant'; index: number } | { kind: 'outcome'; node: BracketNode; of: 'winner' | 'loser' };

/** Standard seeding of a bracket of `size` (a power of two): 1 v size, then size/2 v size/2+1, … (1-based seeds). */
export function standardSeedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const doubled = order.length * 2;
    order = order.flatMap((seed) => [seed, doubled + 1 - seed]);
  }
  return order;
}

export function bracketSize(participantCount: number): number {
  let size = 1;
  while (size < participantCount) size *= 2;
  return Math.max(size, 2);
}

function winnersBracket(size: number, bracket: Bracket, stageOf: (round: number) => number): BracketNode[][] {
  const order = standardSeedOrder(size);
  const rounds: BracketNode[][] = [];
  for (let round = 1, count = size / 2; count >= 1; round++, count /= 2) {
    const nodes: BracketNode[] = [];
    for (let position = 0; position < count; position++) {
      const sources: [Source, Source] =
        round === 1
          ? [
              { kind: 'seed', index: order[2 * position] - 1 },
              { kind: 'seed', index: order[2 * position + 1] - 1 },
            ]
          : [
              { kind: 'winner', node: rounds[round - 2][2 * position] },
              { kind: 'winner', node: rounds[round - 2][2 * position + 1] },
            ];
      nodes.push({ bracket, round, position, stage: stageOf(round), sources });
    }
    rounds.push(nodes);
  }
  return rounds;
}

/** Stage (play order) of a double-elimination node: winners' round r drops its losers into losers' round 2(r−1). */
export function doubleEliminationStage(bracket: Bracket, round: number, winnersRounds: number): number {
  if (bracket === 'winners') return round === 1 ? 1 : 2 * round - 2;
  if (bracket === 'losers') return round + 1;
  return 2 * winnersRounds + round - 1;
}

/**
 * The order in which winners'-bracket losers drop into the losers' bracket, per drop-in round (j = 1 is losers'
 * round 2, fed by winners' round 2): losers' position p meets the loser of winners' match p XOR mask, so each
 * order is a permutation. With c matches in the round: natural (N) is mask 0, reverse (R) c − 1, half shift (H)
 * c/2, reverse half shift (RH) c/2 − 1, quarter shifts (Q c/4, RQ, HQ, RHQ) the same with the quarter bit. The
 * sequence for each size is the one (of these orders) that leaves the fewest losers' matches able to repeat a
 * winners' bracket game, found by exhaustive search and pinned by elimination.property.spec.ts; docs/matches.md
 * lists them. Larger brackets alternate reverse and natural, as before.
 */
const DROP_IN_ORDERS: Record<number, string[]> = {
  4: ['N'],
  8: ['R', 'N'],
  16: ['R', 'N', 'N'],
  32: ['R', 'H', 'N', 'N'],
  64: ['R', 'H', 'RH', 'N', 'N'],
  128: ['R', 'H', 'RH', 'N', 'N', 'N'],
  256: ['R', 'H', 'RQ', 'HQ', 'RH', 'N', 'N'],
  512: ['R', 'H', 'RQ', 'HQ', 'RHQ', 'RH', 'N', 'N'],
  1024: ['R', 'H', 'RH', 'Q', 'RQ', 'HQ', 'N', 'N', 'N'],
};

export function dropInOrderName(size: number, round: number): string {
  return DROP_IN_ORDERS[size]?.[round - 1] ?? (round % 2 === 1 ? 'R' : 'N');
}

function dropInMask(size: number, round: number, count: number): number {
  const all = count - 1;
  const half = count >> 1;
  const quarter = count >> 2;
  const masks: Record<string, number> = {
    N: 0,
    R: all,
    H: half,
    RH: all ^ half,
    Q: quarter,
    RQ: all ^ quarter,
    HQ: half | quarter,
    RHQ: all ^ (half | quarter),
  };
  return masks[dropInOrderName(size, round)] & all;
}

function singleEliminationNodes(size: number, thirdPlaceMatch: boolean): BracketNode[] {
  const rounds = winnersBracket(size, 'main', (round) => round);
  if (!thirdPlaceMatch || rounds.length < 2) return rounds.flat();
  const [first, second] = rounds[rounds.length - 2];
  // Played in the final's round, before it: the semi-finals' losers meet (a bye in a semi-final leaves no match).
  const thirdPlace: BracketNode = {
    bracket: 'third_place',
    round: rounds.length,
    position: 0,
    stage: rounds.length,
    sources: [
      { kind: 'loser', node: first },
      { kind: 'loser', node: second },
    ],
  };
  return [...rounds.flat(), thirdPlace];
}

function doubleEliminationNodes(size: number): BracketNode[] {
  const k = Math.log2(size);
  const stage = (bracket: Bracket, round: number) => doubleEliminationStage(bracket, round, k);
  const winners = winnersBracket(size, 'winners', (round) => stage('winners', round));
  const losers: BracketNode[][] = [];
  const node = (round: number, position: number, sources: [Source, Source]): BracketNode => ({
    bracket: 'losers',
    round,
    position,
    stage: stage('losers', round),
    sources,
  });
  if (k >= 2) {
    losers.push(
      Array.from({ length: size / 4 }, (_, p) =>
        node(1, p, [
          { kind: 'loser', node: winners[0][2 * p] },
          { kind: 'loser', node: winners[0][2 * p + 1] },
        ]),
      ),
    );
    for (let j = 1; j <= k - 1; j++) {
      const previous = losers[losers.length - 1];
      const droppers = winners[j];
      const mask = dropInMask(size, j, droppers.length);
      const dropper = (p: number) => droppers[p ^ mask];
      losers.push(previous.map((_, p) => node(2 * j, p, [{ kind: 'winner', node: previous[p] }, { kind: 'loser', node: dropper(p) }])));
      if (j <= k - 2) {
        const fed = losers[losers.length - 1];
        losers.push(
          Array.from({ length: fed.length / 2 }, (_, p) =>
            node(2 * j + 1, p, [
              { kind: 'winner', node: fed[2 * p] },
              { kind: 'winner', node: fed[2 * p + 1] },
            ]),
          ),
        );
      }
    }
  }
  const winnersFinal = winners[winners.length - 1][0];
  const losersChampion: Source = k >= 2 ? { kind: 'winner', node: losers[losers.length - 1][0] } : { kind: 'loser', node: winnersFinal };
  const grandFinal: BracketNode = {
    bracket: 'grand_final',
    round: 1,
    position: 0,
    stage: stage('grand_final', 1),
    sources: [{ kind: 'winner', node: winnersFinal }, losersChampion],
  };
  return [...winners.flat(), ...losers.flat(), grandFinal];
}

const BRACKET_ORDER: Record<Bracket, number> = { third_place: -1, main: 0, winners: 0, losers: 1, grand_final: 2 };

/** Lays out the bracket, drops the bye nodes and returns the matches with their links, numbered in play order. */
export function generateElimination(double: boolean, participants: SeededParticipant[], newId: NewId, thirdPlaceMatch = false): Match[] {
  const size = bracketSize(participants.length);
  const nodes = (double ? doubleEliminationNodes(size) : singleEliminationNodes(size, thirdPlaceMatch)).sort(
    (a, b) => a.stage - b.stage || BRACKET_ORDER[a.bracket] - BRACKET_ORDER[b.bracket] || a.round - b.round || a.position - b.position,
  );

  const entrants = new Map<BracketNode, [Entrant, Entrant]>();
  const resolve = (source: Source): Entrant => {
    if (source.kind === 'seed') return source.index < participants.length ? { kind: 'participant', index: source.index } : { kind: 'bye' };
    const [a, b] = entrantsOf(source.node);
    if (a.kind !== 'bye' && b.kind !== 'bye') return { kind: 'outcome', node: source.node, of: source.kind };
    if (source.kind === 'loser') return { kind: 'bye' };
    return a.kind === 'bye' ? b : a;
  };
  const entrantsOf = (node: BracketNode): [Entrant, Entrant] => {
    let pair = entrants.get(node);
    if (!pair) {
      pair = [resolve(node.sources[0]), resolve(node.sources[1])];
      entrants.set(node, pair);
    }
    return pair;
  };

  const matches = new Map<BracketNode, Match>();
  for (const node of nodes) {
    const [a, b] = entrantsOf(node);
    if (a.kind === 'bye' || b.kind === 'bye') continue;
    matches.set(
      node,
      newMatch({ id: newId(), number: matches.size + 1, round: node.round, bracket: node.bracket, status: 'pending', opponents: [emptyOpponent(), emptyOpponent()] }),
    );
  }
  for (const [node, match] of matches) {
    entrantsOf(node).forEach((entrant, slot) => {
      if (entrant.kind === 'participant') match.opponents[slot].participantId = participants[entrant.index].id;
      if (entrant.kind !== 'outcome') return;
      const feeder = matches.get(entrant.node)!;
      if (entrant.of === 'winner') Object.assign(feeder, { nextMatchId: match.id, nextSlot: slot });
      else Object.assign(feeder, { loserNextMatchId: match.id, loserNextSlot: slot });
    });
    match.status = statusFromSlots(match);
  }
  return [...matches.values()];
}
