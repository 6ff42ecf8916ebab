/*
 * What GET …/schedule/conflicts answers (issue 41): every hard rule the stored timetable breaks, each with a
 * suggested fix, the earliest slot (from now, and not before its planned start) where the match to move keeps every rule against the rest of the
 * timetable as it stands. Pure: it runs in a worker thread.
 */
import { findConflicts, ScheduleConflict, ScheduleRule, Timed } from './conflicts';
import { planSchedule, ScheduleInput, ScheduleMatch } from './schedule';

export interface SuggestedFix {
  matchId: string;
  startsAt: number;
  endsAt: number;
  stationId: string;
}

export interface ConflictWithFix {
  rule: ScheduleRule;
  matchId: string;
  otherMatchId: string | null;
  /** null: no station and window has room for it any more (add a window or a station). */
  fix: SuggestedFix | null;
}

export interface StoredTimetable {
  /** The planner's input of the open matches; `times` says where the stored plan has each. */
  input: ScheduleInput;
  times: Record<string, Timed>;
  /** Matches still open after their `ends_at`. */
  overdue: string[];
  /** Pinned matches: a fix moves the other match of a pair when it can. */
  pinned: string[];
  now: number;
}

export function conflictsWithFixes({ input, times, overdue, pinned, now }: StoredTimetable): ConflictWithFix[] {
  const timesById = new Map(Object.entries(times));
  const found: ScheduleConflict[] = [
    ...overdue.map((matchId): ScheduleConflict => ({ rule: 'overdue', matchId, otherMatchId: null })),
    ...findConflicts({ matches: input.matches, times: timesById, stations: input.stations, windows: input.windows, restMs: input.restMs, stageRules: input.stageRules }),
  ];
  const isPinned = new Set(pinned);
  return found.map((conflict) => {
    const toMove = conflict.otherMatchId !== null && isPinned.has(conflict.matchId) && !isPinned.has(conflict.otherMatchId) ? conflict.otherMatchId : conflict.matchId;
    // Not earlier than it was planned (players expect it then), nor than now: an overdue match is planned again from now.
    const notBefore = Math.max(now, conflict.rule === 'overdue' ? now : (timesById.get(toMove)?.startsAt ?? now));
    return { ...conflict, fix: earliestSlot(input, timesById, toMove, notBefore) };
  });
}

/** Every other timed match stays where it is; the one to move goes to its earliest place from `notBefore` (or its feeders' end plus rest). */
function earliestSlot(input: ScheduleInput, times: ReadonlyMap<string, Timed>, matchId: string, notBefore: number): SuggestedFix | null {
  const matches: ScheduleMatch[] = [];
  for (const match of input.matches) {
    if (match.id === matchId) matches.push({ ...match, fixed: null, previous: null });
    else if (times.has(match.id)) matches.push({ ...match, fixed: times.get(match.id)!, previous: null });
  }
  const plan = planSchedule({ ...input, matches, from: notBefore, keepOrder: false });
  const placed = plan.planned.find((entry) => entry.matchId === matchId);
  return placed ? { matchId, startsAt: placed.startsAt, endsAt: placed.endsAt, stationId: placed.stationId } : null;
}
