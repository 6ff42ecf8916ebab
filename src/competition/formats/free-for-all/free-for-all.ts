import { InvalidError } from '../../../kernel/domain-error';
import { emptyOpponent, FormatSettings, Match, NewId, newMatch, SeededParticipant } from '../../match/match';
import { DrawNotAllowedError } from '../../match/match-errors';
import { rankedByKeys, StandingRow, tally } from '../../ranking/ranking';
import { Outcome, ResultReport } from '../../match/report';
import { forfeitOpenMatches, reopenDecidedOf } from '../../withdrawals/withdrawals';
import { Format, mayRankOrPair } from '../format';

/**
 * Free-for-all: every round is one match holding the whole field, played in any order and reported as ranks
 * (no ties). A match's rank is worth points (last place 1, one more for each place above); the table ranks by
 * points, then seed.
 */
export const freeForAll: Format = {
  name: 'free_for_all',
  layout: 'rounds',
  drawsAllowed: false,
  reportsRanks: true,
  withdrawalTerms: { voidResults: false, forfeitScore: false },
  generate: (settings, participants, newId) => generateFreeForAll(settings, participants, newId),
  estimatedMatches: (settings, n) => Math.ceil(n / 2) * roundsOf(settings),
  roundsToPlay: (settings) => roundsOf(settings),
  roundsFixedAtStart: () => null,
  outcomeOf: freeForAllOutcome,
  quietWhileOpen: () => ({}),
  onwardTargets: () => null,
  moveOn: () => undefined,
  dependentsOf: () => [],
  undo: () => undefined,
  needsField: (matches, match) => mayRankOrPair(matches, match, false),
  applyWithdrawals: (bench, withdrawals, now) => forfeitOpenMatches(bench, withdrawals, now, { voidsResults: false, bothLeftVoidInAnyRound: false, wholeFieldMatches: true }),
  reinstate: (participantId, _afterMatchNumber, bench) => reopenDecidedOf(participantId, bench),
  afterFieldChange: () => undefined,
  standings: freeForAllStandings,
  reached: () => new Map(),
  isComplete: () => true,
};

/** Rounds to play: the setting, or one. */
function roundsOf(settings: Pick<FormatSettings, 'rounds'>): number {
  return settings.rounds ?? 1;
}

function generateFreeForAll(settings: FormatSettings, participants: SeededParticipant[], newId: NewId): Match[] {
  return Array.from({ length: roundsOf(settings) }, (_, index) =>
    newMatch({
      id: newId(),
      number: index + 1,
      round: index + 1,
      bracket: 'main',
      status: 'ready',
      opponents: participants.map((participant) => emptyOpponent(participant.id)),
    }),
  );
}

/**
 * Free-for-all ranks, one per opponent still in (opponents order, skipping those who left the tournament): those
 * who left share the last place.
 */
function freeForAllOutcome(match: Match, report: ResultReport, withdrawn: ReadonlyMap<string, unknown>): Outcome {
  const stillIn = match.opponents.map((opponent) => !withdrawn.has(opponent.participantId!));
  const size = stillIn.filter(Boolean).length;
  const left = size < match.opponents.length ? ' still in (those who left the tournament are ranked last)' : '';
  const problems = [];
  if (report.winnerId !== undefined) problems.push({ pointer: '/winner_id', detail: 'a free-for-all result is reported as ranks.' });
  if (report.ranks === undefined) problems.push({ pointer: '/ranks', detail: `send ranks: one per opponent${left} (${size}), in opponents order.` });
  else if (report.ranks.length !== size) problems.push({ pointer: '/ranks', detail: `must hold ${size} ranks, one per opponent${left}.` });
  else {
    report.ranks.forEach((rank, index) => {
      if (!Number.isInteger(rank) || rank < 1 || rank > size) problems.push({ pointer: `/ranks/${index}`, detail: `must be an integer from 1 to ${size}.` });
    });
  }
  if (report.scores !== undefined && report.scores.length !== size) problems.push({ pointer: '/scores', detail: `must hold ${size} scores, one per opponent${left}.` });
  if (problems.length > 0) throw new InvalidError(problems);
  const sent = report.ranks!;
  const sharedRank = sent.find((rank, index) => sent.indexOf(rank) !== index);
  if (sharedRank !== undefined) throw DrawNotAllowedError.sharedRank(sharedRank);
  const reported = { ranks: [...sent], scores: report.scores ? [...report.scores] : undefined };
  const ranks = stillIn.map((isIn) => (isIn ? reported.ranks.shift()! : size + 1));
  const scores = stillIn.map((isIn) => (isIn ? (reported.scores?.shift() ?? null) : null));
  return {
    scores,
    ranks,
    results: ranks.map((rank) => (rank === 1 ? 'win' : 'loss')),
    winnerId: match.opponents[ranks.indexOf(1)].participantId,
  };
}

function freeForAllStandings(_settings: FormatSettings, participants: SeededParticipant[], matches: Match[]): StandingRow[] {
  const tallies = tally(participants, matches, (opponent, match) => match.opponents.length - opponent.rank! + 1);
  // Points are the table's own column: the tiebreakers list shows only what comes after them.
  return rankedByKeys(tallies, [{ name: 'points' }, { name: 'seed', lowerIsBetter: true }], (row) => ({ points: row.points, seed: row.participant.seed }), 1);
}
