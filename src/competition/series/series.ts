/*
 * Series (issue 44): a match played as the best of n games. Which n a match is played to (the tournament's
 * best_of, per round), reading a report's games at their pointers, and when a series is decided.
 */
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { isBestOfByRound, RoundName } from '../rules/best-of';
import { formatCatalog, formatOf } from '../formats/registry';
import { FormatSettings, Game, Match } from '../match/match';
import { ResultReport } from '../match/report';

const MAX_GAME_SCORE = 1_000_000_000;

/** The round name a bracket match answers to, if any: counted from the last round of the main (or winners') bracket. */
function roundNameOf(match: Match, lastRound: number): RoundName | null {
  if (match.bracket === 'grand_final') return 'grand_final';
  // The third-place match is played in the final's round: it is played to the final's length.
  if (match.bracket === 'third_place') return 'final';
  if (match.bracket !== 'main' && match.bracket !== 'winners') return null;
  const fromEnd = lastRound - match.round;
  return fromEnd === 0 ? 'final' : fromEnd === 1 ? 'semi_final' : fromEnd === 2 ? 'quarter_final' : null;
}

/** Rounds of a bracket's main (or winners') side for a field of this size. */
export function bracketRoundsFor(participantCount: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, participantCount))));
}

/** Games this match is the best of: its round's own value (by name in brackets, else by number), else the default. */
export function bestOfFor(settings: Pick<FormatSettings, 'bestOf' | 'bracketRounds' | 'format'>, match: Match): number {
  const setting = settings.bestOf ?? null;
  if (setting === null) return 1;
  if (!isBestOfByRound(setting)) return setting;
  const namesRounds = formatCatalog.entry(settings.format).bracketNames.length > 0;
  const name = namesRounds ? roundNameOf(match, settings.bracketRounds ?? 0) : null;
  if (name !== null && setting.rounds[name] !== undefined) return setting.rounds[name];
  if (match.bracket !== 'grand_final' && match.bracket !== 'third_place' && setting.rounds[String(match.round)] !== undefined) return setting.rounds[String(match.round)];
  return setting.default;
}

/** A series read from a report: its games, the games each side won (a drawn game is half each), and whether it is decided. */
export interface Series {
  games: Game[];
  won: [number, number];
  decided: boolean;
}

/** Decided once one side won more than half of best_of, or every game is played (an even best_of may end level). */
export function isDecided(won: readonly number[], played: number, bestOf: number): boolean {
  return played >= bestOf || Math.max(won[0], won[1]) > bestOf / 2;
}

/**
 * Reads `games` as sent (`[{ "scores": [11, 7] }, { "scores": [0.5, 0.5] }, { "scores": [1, 1], "winner_id": … }]`)
 * against the match: every problem at its pointer, then a game after the series was decided. Changes nothing.
 */
export function readSeries(games: readonly unknown[], match: Match, bestOf: number, drawsAllowed: boolean): Series {
  const ids = match.opponents.map((opponent) => opponent.participantId);
  const problems: FieldProblem[] = [];
  const read: Game[] = [];
  games.forEach((item, index) => {
    const at = `/games/${index}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ pointer: at, detail: 'must be an object with scores (2, in opponents order) and an optional winner_id.' });
      return;
    }
    const { scores, winner_id: winnerId, ...rest } = item as Record<string, unknown>;
    // One unknown field per game is enough to say what is wrong (and keeps a hostile body's answer small).
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined) problems.push({ pointer: `${at}/${unknown.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: 'unknown field: a game has scores and winner_id.' });
    if (!Array.isArray(scores) || scores.length !== 2) {
      problems.push({ pointer: `${at}/scores`, detail: 'must hold 2 scores, in opponents order.' });
      return;
    }
    const bad = scores.findIndex((score) => typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > MAX_GAME_SCORE);
    if (bad >= 0) {
      problems.push({ pointer: `${at}/scores/${bad}`, detail: `must be a number from 0 to ${MAX_GAME_SCORE}.` });
      return;
    }
    const [a, b] = scores as number[];
    if (winnerId !== undefined && (typeof winnerId !== 'string' || !ids.includes(winnerId.toLowerCase()))) {
      problems.push({ pointer: `${at}/winner_id`, detail: 'must be one of the match’s opponents.' });
      return;
    }
    let winner = typeof winnerId === 'string' ? winnerId.toLowerCase() : null;
    if (a !== b) {
      const higher = ids[a > b ? 0 : 1];
      if (winner !== null && winner !== higher) {
        problems.push({ pointer: `${at}/winner_id`, detail: 'must be the opponent with the higher score (leave it out when the scores decide).' });
        return;
      }
      winner = higher;
    } else if (winner === null && !drawsAllowed) {
      problems.push({ pointer: `${at}/winner_id`, detail: 'the scores are level and this format has no drawn games: send the game’s winner_id.' });
      return;
    }
    read.push({ scores: [a, b], winnerId: winner });
  });
  if (problems.length > 0) throw new InvalidError(problems);

  const won: [number, number] = [0, 0];
  for (const [index, game] of read.entries()) {
    if (isDecided(won, index, bestOf)) {
      throw InvalidError.field(`/games/${index}`, `the series was decided after ${index} games (${won[0]}–${won[1]}, best of ${bestOf}): no more games.`);
    }
    if (game.winnerId === null) {
      won[0] += 0.5;
      won[1] += 0.5;
    } else won[ids.indexOf(game.winnerId)] += 1;
  }
  return { games: read, won, decided: isDecided(won, read.length, bestOf) };
}

/**
 * Whether a report is games that leave a started (or ready) series undecided: it changes only its own match. A
 * report this cannot read is left to the general path, which refuses it at its pointer.
 */
export function keepsSeriesOpen(settings: FormatSettings, match: Match, report: ResultReport): boolean {
  if (report.games === undefined || report.games.length === 0 || report.winnerId !== undefined || report.ranks !== undefined || report.outcome !== undefined) return false;
  if (match.status !== 'ready' && match.status !== 'in_progress') return false;
  const format = formatOf(settings.format);
  if (format.reportsRanks) return false;
  try {
    const series = readSeries(report.games, match, bestOfFor(settings, match), format.drawsAllowed);
    return !series.decided && (report.scores === undefined || (report.scores.length === 2 && report.scores.every((score, slot) => score === series.won[slot])));
  } catch {
    return false;
  }
}
