import { doubleRoundRobinPairings } from './double-round-robin';
import { emptyOpponent, Match, NewId, newMatch, SeededParticipant } from '../../match/match';
import { standingsByRules } from '../../ranking/ranking';
import { headToHeadOutcome } from '../../match/report';
import { forfeitOpenMatches, reopenDecidedOf } from '../../withdrawals/withdrawals';
import { Format, mayRankOrPair } from '../format';

/**
 * Everyone meets everyone, once (`legs: 1`) or home and away (`legs: 2`); every match is ready from the start and a
 * result moves nobody on. Ranked by the competition rules (points, then tiebreakers).
 */
export const roundRobin: Format = {
  name: 'round_robin',
  layout: 'rounds',
  drawsAllowed: true,
  reportsRanks: false,
  withdrawalTerms: { voidResults: true, forfeitScore: true },
  generate: (settings, participants, newId) => generateRoundRobin(participants, newId, settings.rules?.legs ?? 1),
  estimatedMatches: (settings, n) => ((n * (n - 1)) / 2) * (settings.rules?.legs ?? 1),
  roundsToPlay: () => null,
  roundsFixedAtStart: () => null,
  outcomeOf: (match, report) => headToHeadOutcome('round_robin', true, match, report),
  quietWhileOpen: () => ({}),
  onwardTargets: () => null,
  moveOn: () => undefined,
  dependentsOf: () => [],
  undo: () => undefined,
  needsField: (matches, match) => mayRankOrPair(matches, match, false),
  // A disqualification may void their played results; a forfeit between two who both left counts for nobody.
  applyWithdrawals: (bench, withdrawals, now) => forfeitOpenMatches(bench, withdrawals, now, { voidsResults: true, bothLeftVoidInAnyRound: true, wholeFieldMatches: false }),
  reinstate: (participantId, _afterMatchNumber, bench) => reopenDecidedOf(participantId, bench),
  afterFieldChange: () => undefined,
  standings: standingsByRules,
  reached: () => new Map(),
  isComplete: () => true,
};

/**
 * Everyone meets everyone once, in rounds by the circle method: the first participant stays put and the
 * others rotate one place a round. An odd field gets an empty seat, and whoever faces it sits the round out.
 */
function roundRobinPairings(count: number): [number, number][][] {
  const seats: (number | null)[] = Array.from({ length: count }, (_, index) => index);
  if (count % 2 === 1) seats.push(null);
  const rounds: [number, number][][] = [];
  for (let round = 0; round < seats.length - 1; round++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < seats.length / 2; i++) {
      const a = seats[i];
      const b = seats[seats.length - 1 - i];
      if (a !== null && b !== null) pairs.push(round % 2 === 0 || i > 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    seats.splice(1, 0, seats.pop()!);
  }
  return rounds;
}

/** One leg: the circle method, no home side. Two legs: home and away (double-round-robin.ts), `opponents[0]` at home. */
function generateRoundRobin(participants: SeededParticipant[], newId: NewId, legs: 1 | 2 = 1): Match[] {
  let number = 0;
  const rounds = legs === 2 ? doubleRoundRobinPairings(participants.length) : roundRobinPairings(participants.length);
  return rounds.flatMap((pairs, index) =>
    pairs.map(([a, b]) =>
      newMatch(
        { id: newId(), number: ++number, round: index + 1, bracket: 'main', status: 'ready', opponents: [emptyOpponent(participants[a].id), emptyOpponent(participants[b].id)] },
        legs === 2 ? participants[a].id : null,
      ),
    ),
  );
}
