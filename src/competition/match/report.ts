import { InvalidError } from '../../kernel/domain-error';
import { Match, MatchFormat, MatchResult, ReportedOutcome } from './match';
import { DrawNotAllowedError } from './match-errors';

/** What a client reports: scores in opponents order and/or the winner, or (free-for-all) every opponent's rank. */
export interface ResultReport {
  scores?: number[];
  winnerId?: string;
  ranks?: number[];
  /** A series' games as sent (`{ scores, winner_id }` each): series.ts reads them at their pointers. */
  games?: unknown[];
  /** A result not played out: a forfeit, a retirement (with the games so far), a double forfeit. */
  outcome?: ReportedOutcome;
  /** What settled level scores in a knockout match (issue 40), as sent: decider.ts reads it at its pointers. */
  decider?: unknown;
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

/**
 * A result not played out (issue 44), checked against the match: `forfeit` and `retired` need the winner (a
 * retirement's scores or games so far may favour the side that stopped); `double_forfeit` takes nothing else and
 * both sides lose. `won` is the games won when the report has games (retired only).
 */
export function notPlayedOutcome(match: Match, report: ResultReport & { outcome: ReportedOutcome }, won: number[] | null): Outcome {
  const ids = match.opponents.map((opponent) => opponent.participantId);
  const problems = [];
  if (report.ranks !== undefined) problems.push({ pointer: '/ranks', detail: 'ranks are for free-for-all matches.' });
  if (report.outcome === 'double_forfeit') {
    for (const [field, value] of [['winner_id', report.winnerId], ['scores', report.scores], ['games', report.games]] as const) {
      if (value !== undefined) problems.push({ pointer: `/${field}`, detail: 'a double forfeit has no winner, scores or games: both sides lose.' });
    }
    if (problems.length > 0) throw new InvalidError(problems);
    return { scores: [null, null], ranks: [null, null], results: ['loss', 'loss'], winnerId: null };
  }
  if (report.winnerId === undefined) problems.push({ pointer: '/winner_id', detail: `a ${report.outcome} needs winner_id: who goes through.` });
  else if (!ids.includes(report.winnerId)) problems.push({ pointer: '/winner_id', detail: 'must be one of the match’s opponents.' });
  if (report.outcome === 'forfeit' && report.games !== undefined) {
    problems.push({ pointer: '/games', detail: 'a forfeit is not played: for a match stopped during play, send outcome retired with the games so far.' });
  }
  if (report.scores !== undefined && report.scores.length !== 2) problems.push({ pointer: '/scores', detail: 'must hold 2 scores, in opponents order.' });
  if (problems.length > 0) throw new InvalidError(problems);
  const winnerSlot = ids.indexOf(report.winnerId!);
  const scores = won ?? report.scores ?? [null, null];
  // A forfeit's recorded score (3–0) must not say the other side won; a retirement's may (they stopped while ahead).
  if (report.outcome === 'forfeit' && report.scores !== undefined && report.scores[winnerSlot] < report.scores[1 - winnerSlot]) {
    throw InvalidError.field('/winner_id', 'must be the opponent with the higher score: a forfeit’s score goes to the side that showed.');
  }
  return { scores, ranks: [null, null], results: [0, 1].map((slot): MatchResult => (slot === winnerSlot ? 'win' : 'loss')), winnerId: report.winnerId! };
}
