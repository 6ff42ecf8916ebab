import { defaultSwissRounds, FormatSettings, isReported, Match } from '../../match/match';
import { TooManySwissRoundsError, WithdrawalDependentsError } from '../../match/match-errors';
import { standingsByRules } from '../../ranking/ranking';
import { headToHeadOutcome } from '../../match/report';
import { pairNextSwissRound } from './swiss-pairing';
import { forfeitOpenMatches, reopenDecidedOf } from '../../withdrawals/withdrawals';
import { Format, mayRankOrPair, PlayBench } from '../format';

/**
 * Swiss: rounds paired one at a time from the standings (swiss.ts pairs them), each once the previous round is
 * complete; a correction takes back every later round. Ranked by the competition rules; complete after its
 * rounds, or once fewer than two are left to pair.
 */
export const swiss: Format = {
  name: 'swiss',
  layout: 'rounds',
  drawsAllowed: true,
  reportsRanks: false,
  withdrawalTerms: { voidResults: false, forfeitScore: true },
  generate: (settings, participants, newId, now) => {
    if (settings.rounds !== null && settings.rounds > participants.length - 1) throw new TooManySwissRoundsError(settings.rounds, participants.length);
    return pairNextSwissRound(settings, participants, [], 1, 1, newId).map((match) => (match.status === 'completed' ? { ...match, completedAt: now } : match));
  },
  estimatedMatches: (settings, n) => Math.ceil(n / 2) * roundsOf(settings, n),
  roundsToPlay: roundsOf,
  roundsFixedAtStart: defaultSwissRounds,
  outcomeOf: (match, report) => headToHeadOutcome('swiss', true, match, report),
  // Only the report that closes a round pairs the next one (or completes the tournament).
  quietWhileOpen: (match) => ({ round: match.round }),
  onwardTargets: () => null,
  moveOn: (match, bench, now) => pairNextRoundWhenDone(match.round, bench, now),
  dependentsOf: (match, bench) => laterRounds(match, bench),
  undo: (match, bench) => {
    for (const later of laterRounds(match, bench)) bench.remove(later);
  },
  // Only the report that closes a round pairs the next one.
  needsField: (matches, match) => mayRankOrPair(matches, match, true),
  // A forfeit between two who both left counts for nobody only while no later round builds on it.
  applyWithdrawals: (bench, withdrawals, now) => forfeitOpenMatches(bench, withdrawals, now, { voidsResults: false, bothLeftVoidInAnyRound: false, wholeFieldMatches: false }),
  reinstate: reinstateInSwiss,
  afterFieldChange: (bench, now) => pairNextRoundWhenDone(lastRound(bench), bench, now),
  standings: standingsByRules,
  reached: () => new Map(),
  isComplete: (bench) => lastRound(bench) >= swissRounds(bench) || !enoughToPair(bench),
};

/** Rounds to play: the setting, or ⌈log2 n⌉. */
function roundsOf(settings: Pick<FormatSettings, 'rounds'>, participantCount: number): number {
  return settings.rounds ?? defaultSwissRounds(participantCount);
}

/** Swiss rounds to play: the setting, or the default for the field's size. */
function swissRounds(bench: PlayBench): number {
  return roundsOf(bench.settings, bench.field().length);
}

/** Fewer than two still in means there is nobody left to pair. */
function enoughToPair(bench: PlayBench): boolean {
  return bench.withdrawals.size === 0 || bench.field().filter((participant) => !bench.withdrawals.has(participant.id)).length >= 2;
}

function lastRound(bench: PlayBench): number {
  let last = 0;
  for (const match of bench.live()) last = Math.max(last, match.round);
  return last;
}

function laterRounds(match: Match, bench: PlayBench): Match[] {
  return [...bench.live()].filter((other) => other.round > match.round);
}

/** Once every match up to `round` is complete (and none is paired after it), pairs the next round, if one is left to play. */
function pairNextRoundWhenDone(round: number, bench: PlayBench, now: Date): void {
  const played: Match[] = [];
  for (const match of bench.live()) {
    if (match.round > round) return;
    if (match.status !== 'completed') return;
    played.push(match);
  }
  if (round >= swissRounds(bench) || !enoughToPair(bench)) return;
  const paired = pairNextSwissRound(bench.settings, bench.field(), played, round + 1, bench.nextNumber(), bench.newId, new Set(bench.withdrawals.keys()));
  for (const match of paired) {
    bench.add(match.status === 'completed' ? { ...match, completedAt: now } : match);
  }
}

/** Reinstatement: rounds paired without them are paired again (none of their results may be in), their forfeits reopen. */
function reinstateInSwiss(participantId: string, afterMatchNumber: number, bench: PlayBench): void {
  const firstNumberOfRound = new Map<number, number>();
  for (const match of bench.live()) firstNumberOfRound.set(match.round, Math.min(firstNumberOfRound.get(match.round) ?? Infinity, match.number));
  const pairedSince = [...bench.live()].filter((match) => firstNumberOfRound.get(match.round)! > afterMatchNumber);
  const reported = pairedSince.filter(isReported);
  if (reported.length > 0) throw new WithdrawalDependentsError(reported);
  for (const match of pairedSince) bench.remove(match);
  reopenDecidedOf(participantId, bench);
}
