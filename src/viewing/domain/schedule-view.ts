/*
 * The viewer's schedule tab (issue 41): the matches still to play by time, and each station's match now playing
 * and up next. Built from the view alone (times and station names, what the public calendar shows already).
 */
import type { TournamentView, ViewMatch } from './tournament-view';

export interface ScheduleEntry {
  number: number;
  startsAt: Date;
  endsAt: Date;
  /** The station's name; null when its station is gone. */
  station: string | null;
  /** A series under way (games reported): playing, whatever the clock says. */
  underway: boolean;
  /** An opponent is not known yet: not playing, whatever the clock says (a feeder ran late). */
  waiting: boolean;
  /** Each side's name, or its placeholder ("Winner Group A"), or null while it waits for an earlier match. */
  sides: (string | null)[];
}

export interface StationBoard {
  name: string;
  /** The station's next two open matches in time order: the first is playing once its time has come. */
  queue: ScheduleEntry[];
  /** Whether the first of the queue is being played (its time has come and both sides are known), as of the rendering; the page's script keeps it current. */
  playing: boolean;
}

export interface ScheduleView {
  byTime: ScheduleEntry[];
  stations: StationBoard[];
}

/** The schedule tab is shown once some match has a time (a plan was made, or a time set by hand). */
export function hasSchedule(view: TournamentView): boolean {
  return view.matches.some((match) => match.scheduledAt !== null);
}

function entryOf(match: ViewMatch & { scheduledAt: Date }, view: TournamentView): ScheduleEntry {
  return {
    number: match.number,
    startsAt: match.scheduledAt,
    endsAt: match.endsAt ?? match.scheduledAt,
    station: match.station === null ? null : (view.stations[match.station] ?? null),
    underway: match.status === 'in_progress',
    waiting: match.status === 'pending',
    sides: match.opponents.map((opponent) => opponent.name ?? opponent.placeholder ?? null),
  };
}

/** The open matches with a time, by start (then station, then number); every station's next two. `now`: what "playing" means. */
export function scheduleView(view: TournamentView, now: Date): ScheduleView {
  const open = view.matches
    .filter((match): match is ViewMatch & { scheduledAt: Date } => match.scheduledAt !== null && match.status !== 'completed')
    .sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || (a.station ?? Infinity) - (b.station ?? Infinity) || a.number - b.number);
  const stations = view.stations.map((name, index) => {
    const queue = open.filter((match) => match.station === index).slice(0, 2).map((match) => entryOf(match, view));
    const first = queue[0];
    return { name, queue, playing: first !== undefined && (first.underway || (!first.waiting && first.startsAt.getTime() <= now.getTime())) };
  });
  return { byTime: open.map((match) => entryOf(match, view)), stations };
}
