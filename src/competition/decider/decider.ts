import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { Decider, DECIDER_METHODS, DeciderMethod, Match, MatchFormat } from '../match/match';
import { ResultReport } from '../match/report';
import { formatCatalog, formatOf } from '../formats/registry';

const MAX_DECIDER_SCORE = 1_000_000_000;

/**
 * A report's `decider`, checked against its match: only in a knockout match, only with level `scores` and the
 * `winner_id` it settled, never with a result not played out or a series' games (a level game names its winner
 * itself). Its own scores, if any, are in opponents order, two whole numbers that put the winner higher. null
 * when the report has none, which is what a correction without one leaves on the match.
 */
export function deciderOf(format: MatchFormat, match: Match, report: ResultReport): Decider | null {
  const sent = report.decider;
  if (sent === undefined) return null;
  const problems: FieldProblem[] = [];
  const fits = (pointer: string, detail: string) => problems.push({ pointer, detail });
  // Only a knockout match cannot stay level (its format's entry says so).
  if (!formatCatalog.entry(format).levelScoresNeedDecider) {
    fits('/decider', `a decider settles level scores in single and double elimination; a ${format} match ${formatOf(format).reportsRanks ? 'is reported as ranks' : 'may end level'}.`);
    throw new InvalidError(problems);
  }
  const shape = readShape(sent, fits);
  if (report.outcome !== undefined) fits('/decider', `a ${report.outcome} was not played out, so nothing settled level scores: leave out decider.`);
  else if (report.games !== undefined) fits('/decider', 'a series is decided by its games: give a level game its winner_id instead.');
  else if (report.scores === undefined) fits('/decider', 'goes with the level scores it settled: send scores.');
  else if (report.scores.length === 2 && report.scores[0] !== report.scores[1]) {
    fits('/decider', `goes with level scores only: ${report.scores[0]}–${report.scores[1]} already decides the match.`);
  }
  if (report.winnerId === undefined) fits('/winner_id', 'a decider needs winner_id: who went through.');
  const winnerSlot = match.opponents.findIndex((opponent) => opponent.participantId === report.winnerId);
  if (shape?.scores && winnerSlot !== -1 && shape.scores[winnerSlot] <= shape.scores[1 - winnerSlot]) {
    fits('/decider/scores', `must name the winner as the higher one: winner_id is opponent ${winnerSlot + 1}, so its score comes ${winnerSlot === 0 ? 'first' : 'second'} and is higher.`);
  }
  if (problems.length > 0) throw new InvalidError(problems);
  return shape!;
}

/** The decider's own fields (the request layer checks only that it is an object): problems at their pointers. */
function readShape(sent: unknown, fits: (pointer: string, detail: string) => void): Decider | undefined {
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) {
    fits('/decider', 'must be an object: { "method": "penalties", "scores": [4, 2] }.');
    return undefined;
  }
  const { method, scores, ...rest } = sent as Record<string, unknown>;
  let bad = false;
  for (const key of Object.keys(rest)) {
    fits(`/decider/${key}`, 'is not a decider field: send method and, optionally, scores.');
    bad = true;
  }
  if (typeof method !== 'string' || !(DECIDER_METHODS as readonly string[]).includes(method)) {
    fits('/decider/method', `must be one of ${DECIDER_METHODS.join(', ')}.`);
    bad = true;
  }
  const wholeScore = (score: unknown) => typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= MAX_DECIDER_SCORE;
  if (scores !== undefined && scores !== null && !(Array.isArray(scores) && scores.length === 2 && scores.every(wholeScore))) {
    fits('/decider/scores', 'must hold 2 whole numbers from 0, in opponents order (or be left out).');
    bad = true;
  }
  return bad ? undefined : { method: method as DeciderMethod, scores: Array.isArray(scores) ? [...(scores as number[])] : null };
}
