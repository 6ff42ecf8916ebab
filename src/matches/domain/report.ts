import { InvalidError } from '../../kernel/domain-error';
import { Match, MatchFormat, MatchResult } from './match';
import { DrawNotAllowedError } from './match-errors';

/** What a client reports: scores in opponents order and/or the winner, or (free-for-all) every opponent's rank. */
export interface ResultReport {
  scores?: number[];
  winnerId?: string;
  ranks?: number[];
}

/** A report checked against its match: what each opponent gets. */
export interface Outcome {
  scores: (number | null)[];
  ranks: (number | null)[];
  results: MatchResult[];
  winnerId: string | null;
}

const DRAWS_ALLOWED = new Set<MatchFormat>(['round_robin', 'swiss']);

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

function headToHeadOutcome(format: MatchFormat, match: Match, report: ResultReport): Outcome {
  const ids = match.opponents.map((opponent) => opponent.participantId);
  const problems = [];
  if (report.ranks !== undefined) problems.push({ pointer: '/ranks', detail: 'ranks are for free-for-all matches; send scores and/or winner_id.' });
  if (report.scores === undefined && report.winnerId === undefined) problems.push({ pointer: '/scores', detail: 'send scores, winner_id, or both.' });
  if (report.scores !== undefined && report.scores.length !== 2) problems.push({ pointer: '/scores', detail: 'must hold 2 scores, in opponents order.' });
  if (report.winnerId !== undefined && !ids.includes(report.winnerId)) problems.push({ pointer: '/winner_id', detail: 'must be one of the match’s opponents.' });
  if (problems.length > 0) throw new InvalidError(problems);

  let winnerSlot: number | null = report.winnerId === undefined ? null : ids.indexOf(report.winnerId);
  if (report.scores !== undefined && report.scores[0] !== report.scores[1]) {
    const higher = report.scores[0] > report.scores[1] ? 0 : 1;
    if (winnerSlot !== null && winnerSlot !== higher) throw InvalidError.field('/winner_id', 'must be the opponent with the higher score.');
    winnerSlot = higher;
  }
  if (winnerSlot === null && !DRAWS_ALLOWED.has(format)) throw new DrawNotAllowedError(report.scores ? '/scores' : '/winner_id', format);
  return {
    scores: report.scores ?? [null, null],
    ranks: [null, null],
    results: [0, 1].map((slot): MatchResult => (winnerSlot === null ? 'draw' : slot === winnerSlot ? 'win' : 'loss')),
    winnerId: winnerSlot === null ? null : ids[winnerSlot],
  };
}

/** Checks a report against the match and the format's rules; throws 422 problems, changes nothing. */
export function outcomeOf(format: MatchFormat, match: Match, report: ResultReport, withdrawn: ReadonlyMap<string, unknown> = new Map()): Outcome {
  return format === 'free_for_all' ? freeForAllOutcome(match, report, withdrawn) : headToHeadOutcome(format, match, report);
}
