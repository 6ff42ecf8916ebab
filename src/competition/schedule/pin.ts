/*
 * Pinning a match (issue 41): the organiser fixes its time and station, and the planner plans around it. A pin
 * may not break a hard rule against what is already fixed (other pins, matches being played) nor its station's
 * time and the windows; matches only planned there make way at the next plan (GET …/schedule/conflicts lists them).
 */
import { ConflictError } from '../../kernel/domain-error';
import { findConflicts, ScheduleRule, Timed } from './conflicts';
import type { ScheduleInput } from './schedule';

export interface PinClash {
  rule: ScheduleRule;
  /** The other match of the pair; null when the station (or the windows) do not allow the time. */
  otherMatchId: string | null;
}

/**
 * The rules the pinned match breaks against the fixed matches of `input` (its own entry included, fixed where
 * the pin puts it), the station's time and the windows.
 */
export function pinClashes(input: ScheduleInput, matchId: string): PinClash[] {
  const times = new Map<string, Timed>();
  for (const match of input.matches) if (match.fixed) times.set(match.id, match.fixed);
  return findConflicts({ matches: input.matches, times, stations: input.stations, windows: input.windows, restMs: input.restMs, stageRules: input.stageRules })
    .filter((conflict) => conflict.matchId === matchId || conflict.otherMatchId === matchId)
    .map((conflict) => ({ rule: conflict.rule, otherMatchId: conflict.matchId === matchId ? conflict.otherMatchId : conflict.matchId }));
}

const RULE_WORDS: Record<ScheduleRule, string> = {
  station_overlap: 'the station hosts it at the same time',
  station_unavailable: 'the station is not available then (its `available` spans or the tournament’s windows)',
  participant_rest: 'a participant plays it too, overlapping or closer than rest_minutes',
  feeder_rest: 'it feeds this match and ends too late (plus rest_minutes)',
  overdue: 'it is still open after its ends_at',
};

/** 409: the pin would break a hard rule; `conflicts` names each rule and the other match (number and id). */
export class ScheduleConflictError extends ConflictError {
  constructor(clashes: { rule: ScheduleRule; otherMatch: { id: string; number: number } | null }[]) {
    const first = clashes[0];
    const other = first.otherMatch ? `match #${first.otherMatch.number}: ` : '';
    super('schedule_conflict', `The pin breaks a rule of the schedule (${first.rule}): ${other}${RULE_WORDS[first.rule]}.`, {
      conflicts: clashes.map((clash) => ({ rule: clash.rule, other_match_id: clash.otherMatch?.id ?? null, other_match_number: clash.otherMatch?.number ?? null })),
    });
  }
}
