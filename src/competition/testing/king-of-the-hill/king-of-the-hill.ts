import type { FormatEntry } from '../../formats/catalog';
import type { Format } from '../../formats/format';
import { emptyOpponent, Match, MatchFormat, newMatch } from '../../match/match';
import { headToHeadOutcome } from '../../match/report';
import { standingsByRules } from '../../ranking/ranking';
import { forfeitOpenMatches, reopenDecidedOf } from '../../withdrawals/withdrawals';
import { mayRankOrPair } from '../../formats/format';

/** A test-only format: proof that a format is one folder. The first seed (the king) meets every challenger once. */
const NAME = 'king_of_the_hill' as MatchFormat;

const kingOfTheHill: Format = {
  name: NAME,
  layout: 'rounds',
  drawsAllowed: false,
  reportsRanks: false,
  withdrawalTerms: { voidResults: true, forfeitScore: true },
  generate: (_settings, participants, newId): Match[] =>
    participants.slice(1).map((challenger, index) =>
      newMatch({ id: newId(), number: index + 1, round: index + 1, bracket: 'main', status: 'ready', opponents: [emptyOpponent(participants[0].id), emptyOpponent(challenger.id)] }),
    ),
  estimatedMatches: (_settings, n) => n - 1,
  roundsToPlay: () => null,
  roundsFixedAtStart: () => null,
  outcomeOf: (match, report) => headToHeadOutcome(NAME, false, match, report),
  quietWhileOpen: () => ({}),
  onwardTargets: () => null,
  moveOn: () => undefined,
  dependentsOf: () => [],
  undo: () => undefined,
  needsField: (matches, match) => mayRankOrPair(matches, match, false),
  applyWithdrawals: (bench, withdrawals, now) => forfeitOpenMatches(bench, withdrawals, now, { voidsResults: true, bothLeftVoidInAnyRound: true, wholeFieldMatches: false }),
  reinstate: (participantId, _afterMatchNumber, bench) => reopenDecidedOf(participantId, bench),
  afterFieldChange: () => undefined,
  standings: standingsByRules,
  reached: () => new Map(),
  isComplete: () => true,
};

/** Its catalog entry: ranked by wins, then seed; no rounds setting, no third-place match. */
export const kingOfTheHillEntry: FormatEntry = {
  name: NAME,
  label: 'King of the hill',
  participantLimit: 64,
  takesRounds: false,
  takesThirdPlaceMatch: false,
  canBeStage: false,
  playedInStages: false,
  evenBestOfAllowed: false,
  bracketNames: [],
  levelScoresNeedDecider: false,
  rules: { points: { win: 1, draw: 0, loss: 0 }, tiebreakers: ['wins', 'seed'], fits: ['wins', 'seed'] },
  strategy: () => kingOfTheHill,
};
