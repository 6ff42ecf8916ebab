import { formatOf } from '../formats/registry';
import { FormatSettings, Match, NewId } from '../match/match';
import { ResultReport } from '../match/report';
import { OutsidePlayError, ReportChanges, ReportOptions, TournamentPlay } from './tournament-play';

/**
 * The matches a first result in `match` sends its participants on to, where the format can say it changes nothing
 * else (Format.onwardTargets): a caller then reads those and their feeders instead of the whole tournament. Null
 * for a correction, or where a result may reach further.
 */
export function onwardTargets(settings: FormatSettings, match: Match): string[] | null {
  if (match.status !== 'ready' && match.status !== 'in_progress') return null;
  return formatOf(settings.format).onwardTargets(match);
}

/**
 * A first result reported on part of a bracket: `nearby` holds the match, its onward targets and every match that
 * feeds one of them (what decides a walkover there). The changes are those a report on every match makes, or null
 * when the result reached past that part (a walkover moved someone further on, a match was created, play may be
 * complete): the caller then reports on every match. Refusals (422, 409) are the same either way: they depend on
 * the match alone.
 */
export function reportAlongLinks(settings: FormatSettings, nearby: Match[], matchId: string, report: ResultReport, options: ReportOptions, newId: NewId): ReportChanges | null {
  let changes: ReportChanges;
  try {
    changes = new TournamentPlay(settings, undefined, nearby, newId).report(matchId, report, options);
  } catch (error) {
    if (error instanceof OutsidePlayError) return null;
    throw error;
  }
  const decidedAnother = changes.updated.some((match) => match.id !== matchId && match.status === 'completed');
  return changes.complete || decidedAnother || changes.created.length > 0 || changes.deleted.length > 0 ? null : changes;
}
