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
