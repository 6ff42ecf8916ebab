import { InvalidError } from '../../kernel/domain-error';
import { Match, MatchFormat, MatchResult } from './match';
import { DrawNotAllowedError } from './match-errors';

/** What a client reports: scores in opponents order and/or the winner, or (free-for-all) every opponent's rank. */
export interface ResultReport {
  scores?: number[];
  winnerId?: string;
  ranks?: number[];
  /** A series' games as sent (`{ scores, winner_id }` each): series.ts reads them at their pointers. */
  games?: unknown[];
}

/** A report checked against its match: what each opponent gets. */
export interface Outcome {
  scores: (number | null)[];
  ranks: (number | null)[];
  results: MatchResult[];
  winnerId: string | null;
}

/** Two opponents, reported as scores and/or the winner; a level result is a draw where the format allows one. */
export function headToHeadOutcome(format: MatchFormat, drawsAllowed: boolean, match: Match, report: ResultReport): Outcome {
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
  if (winnerSlot === null && !drawsAllowed) throw new DrawNotAllowedError(report.scores ? '/scores' : '/winner_id', format);
  return {
    scores: report.scores ?? [null, null],
    ranks: [null, null],
    results: [0, 1].map((slot): MatchResult => (winnerSlot === null ? 'draw' : slot === winnerSlot ? 'win' : 'loss')),
    winnerId: winnerSlot === null ? null : ids[winnerSlot],
  };
}
