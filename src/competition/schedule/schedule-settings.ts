/*
 * A tournament's schedule settings (issue 41): when play may start, how long matches take (per round, like
 * `best_of`), the least rest between a participant's matches, and the windows play may happen in. Stored as the
 * wire object with instants in UTC, so a stored value compares and round-trips as it is; what plans with them
 * lives with play (src/competition/schedule/).
 */
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { parseInstant } from '../../kernel/validation';

export interface ScheduleWindow {
  from: string;
  to: string;
}

export type MatchMinutesSetting = number | { default: number; rounds: Record<string, number> };

export interface ScheduleSettings {
  starts_at: string | null;
  match_minutes: MatchMinutesSetting;
  rest_minutes: number;
  windows: ScheduleWindow[] | null;
}

export const SCHEDULE_DEFAULTS: ScheduleSettings = { starts_at: null, match_minutes: 30, rest_minutes: 10, windows: null };
export const SCHEDULE_LIMITS = { minutes: 24 * 60, windows: 50, rounds: 20 } as const;
const KEYS = Object.keys(SCHEDULE_DEFAULTS);
/** Round names as the series issue's `best_of` takes them, or a round number. */
const ROUND_NAME = /^(final|semi_final|quarter_final|grand_final|third_place|[1-9][0-9]{0,3})$/;

/**
 * A `schedule` patch merged into the settings in force (RFC 7396: keys sent replace, null restores the default,
 * `"schedule": null` all defaults), checked whole. Throws one 422 listing every bad field, changing nothing.
 */
export function mergeScheduleSettings(current: ScheduleSettings | null, patch: Record<string, unknown> | null | undefined): ScheduleSettings | null | undefined {
  if (patch === undefined || patch === null) return patch;
  const problems: FieldProblem[] = [];
  const next: ScheduleSettings = { ...(current ?? SCHEDULE_DEFAULTS) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && KEYS.includes(key)) Object.assign(next, { [key]: SCHEDULE_DEFAULTS[key as keyof ScheduleSettings] });
    else Object.assign(next, readScheduleKey(key, value, `/schedule/${key}`, problems));
  }
  if (problems.length > 0) throw new InvalidError(problems);
  return next;
}

/** A stage's own schedule (issue 41): the keys it sets; the others are the tournament's. */
export type StageSchedule = Partial<ScheduleSettings>;

/**
 * A stage's `schedule` as sent: the same keys and rules as the tournament's, at `/stages/{i}/schedule/…`; a key
 * left out or null falls back to the tournament's. Adds each problem to `problems`; null when it sets nothing.
 */
export function readStageSchedule(raw: unknown, at: string, problems: FieldProblem[]): StageSchedule | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({ pointer: at, detail: `must be an object of ${KEYS.join(', ')} (each left out: the tournament's).` });
    return null;
  }
  const schedule: StageSchedule = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === null && KEYS.includes(key)) continue;
    Object.assign(schedule, readScheduleKey(key, value, `${at}/${key}`, problems));
  }
  return Object.keys(schedule).length === 0 ? null : schedule;
}

/** One key of a schedule checked: the key and its value as stored, or nothing (and a problem) when it is bad. */
function readScheduleKey(key: string, value: unknown, pointer: string, problems: FieldProblem[]): StageSchedule {
  if (!KEYS.includes(key)) {
    problems.push({ pointer, detail: `schedule takes ${KEYS.join(', ')}.` });
    return {};
  }
  if (key === 'starts_at') {
    const instant = typeof value === 'string' ? parseInstant(value) : undefined;
    if (instant) return { starts_at: instant.toISOString() };
    problems.push({ pointer, detail: 'starts_at must be an RFC 3339 instant with an offset.' });
  } else if (key === 'rest_minutes') {
    if (isMinutes(value, 0)) return { rest_minutes: value };
    problems.push({ pointer, detail: `rest_minutes must be a whole number from 0 to ${SCHEDULE_LIMITS.minutes}.` });
  } else if (key === 'match_minutes') {
    const minutes = matchMinutes(value, pointer, problems);
    if (minutes !== undefined) return { match_minutes: minutes };
  } else {
    const windows = scheduleWindows(value, pointer, problems);
    if (windows !== undefined) return { windows };
  }
  return {};
}

function isMinutes(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= SCHEDULE_LIMITS.minutes;
}

function matchMinutes(value: unknown, pointer: string, problems: FieldProblem[]): MatchMinutesSetting | undefined {
  if (isMinutes(value, 1)) return value;
  const detail = `match_minutes must be a whole number from 1 to ${SCHEDULE_LIMITS.minutes}, or { "default": minutes, "rounds": { "final": minutes, … } }.`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ pointer, detail });
    return undefined;
  }
  const { default: fallback, rounds = {}, ...rest } = value as Record<string, unknown>;
  const before = problems.length;
  for (const key of Object.keys(rest)) problems.push({ pointer: `${pointer}/${key}`, detail: 'match_minutes takes default and rounds.' });
  if (!isMinutes(fallback, 1)) problems.push({ pointer: `${pointer}/default`, detail: `default must be a whole number from 1 to ${SCHEDULE_LIMITS.minutes}.` });
  if (typeof rounds !== 'object' || rounds === null || Array.isArray(rounds) || Object.keys(rounds).length > SCHEDULE_LIMITS.rounds) {
    problems.push({ pointer: `${pointer}/rounds`, detail: `rounds must be an object of at most ${SCHEDULE_LIMITS.rounds} rounds.` });
  } else {
    for (const [round, minutes] of Object.entries(rounds)) {
      if (!ROUND_NAME.test(round)) problems.push({ pointer: `${pointer}/rounds/${round}`, detail: 'a round is final, semi_final, quarter_final, grand_final, third_place or a round number.' });
      else if (!isMinutes(minutes, 1)) problems.push({ pointer: `${pointer}/rounds/${round}`, detail: `minutes must be a whole number from 1 to ${SCHEDULE_LIMITS.minutes}.` });
    }
  }
  return problems.length > before ? undefined : { default: fallback as number, rounds: rounds as Record<string, number> };
}

function scheduleWindows(value: unknown, pointer: string, problems: FieldProblem[]): ScheduleWindow[] | undefined {
  if (!Array.isArray(value) || value.length > SCHEDULE_LIMITS.windows) {
    problems.push({ pointer, detail: `windows must be a list of at most ${SCHEDULE_LIMITS.windows} { "from", "to" } objects, or null for always.` });
    return undefined;
  }
  const before = problems.length;
  const windows: ScheduleWindow[] = [];
  value.forEach((entry: unknown, index) => {
    const at = `${pointer}/${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push({ pointer: at, detail: 'a window is { "from", "to" }.' });
      return;
    }
    const { from: fromText, to: toText, ...rest } = entry as Record<string, unknown>;
    for (const key of Object.keys(rest)) problems.push({ pointer: `${at}/${key}`, detail: 'a window has only from and to.' });
    const from = typeof fromText === 'string' ? parseInstant(fromText) : undefined;
    const to = typeof toText === 'string' ? parseInstant(toText) : undefined;
    if (!from) problems.push({ pointer: `${at}/from`, detail: 'from must be an RFC 3339 instant with an offset.' });
    if (!to) problems.push({ pointer: `${at}/to`, detail: 'to must be an RFC 3339 instant with an offset.' });
    if (from && to && to.getTime() <= from.getTime()) problems.push({ pointer: `${at}/to`, detail: 'to must be after from.' });
    if (from && to) windows.push({ from: from.toISOString(), to: to.toISOString() });
  });
  return problems.length > before ? undefined : windows.sort((a, b) => a.from.localeCompare(b.from));
}
