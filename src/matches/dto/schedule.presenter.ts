import type { ConflictWithFix } from '../../competition';
import type { SchedulePreview } from '../schedule.service';

const instant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The plan as the API answers it: each match's time and station, what could not be placed, the end and its bound. */
export function presentSchedulePreview({ plan, numbers, from }: SchedulePreview) {
  return {
    from: instant(from),
    matches: plan.planned.map((entry) => ({
      match_id: entry.matchId,
      number: numbers.get(entry.matchId) ?? null,
      scheduled_at: instant(entry.startsAt),
      ends_at: instant(entry.endsAt),
      station_id: entry.stationId,
    })),
    unplaced: plan.unplaced.map((id) => ({ match_id: id, number: numbers.get(id) ?? null })),
    ends_at: instant(plan.endsAt),
    lower_bound_ends_at: instant(plan.lowerBound.endsAt),
  };
}

/** GET …/schedule/conflicts: each broken rule with both matches (by id and number) and the earliest slot that resolves it. */
export function presentScheduleConflicts({ conflicts, numbers }: { conflicts: ConflictWithFix[]; numbers: ReadonlyMap<string, number> }, checkedAt: Date) {
  return {
    checked_at: checkedAt.toISOString(),
    data: conflicts.map((conflict) => ({
      rule: conflict.rule,
      match_id: conflict.matchId,
      match_number: numbers.get(conflict.matchId) ?? null,
      other_match_id: conflict.otherMatchId,
      other_match_number: conflict.otherMatchId === null ? null : (numbers.get(conflict.otherMatchId) ?? null),
      suggested_fix:
        conflict.fix === null
          ? null
          : { match_id: conflict.fix.matchId, scheduled_at: instant(conflict.fix.startsAt), ends_at: instant(conflict.fix.endsAt), station_id: conflict.fix.stationId },
    })),
  };
}
