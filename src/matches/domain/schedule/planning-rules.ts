/*
 * A tournament's schedule settings as the planner reads them (issue 41). A stage of a multi_stage tournament may
 * set its own keys, each falling back to the tournament's: its matches take its `match_minutes` (rounds named
 * within the stage), keep its `rest_minutes`, and are played inside its `windows` from its `starts_at` on.
 */
import type { Tournament } from '../../../tournaments';
import { SCHEDULE_DEFAULTS, ScheduleSettings } from '../../../competition';
import { formatOf } from '../../../competition';
import type { Match } from '../../../competition';
import { Span } from '../../../competition';
import { durationsBy } from '../../../competition';
import { StageRules, windowsFrom } from '../../../competition';

export interface PlanningRules {
  /** The tournament's settings with their defaults filled in. */
  settings: ScheduleSettings;
  durationOf(match: Match): number;
  /** The match's stage rules (an index into `stageRules`), or undefined: the tournament's. */
  rulesOf(match: Match): number | undefined;
  restMs: number;
  windows: Span[] | null;
  stageRules: StageRules[];
}

const spans = (windows: ScheduleSettings['windows']): Span[] | null => windows && windows.map((window) => ({ from: Date.parse(window.from), to: Date.parse(window.to) }));

export function planningRules(tournament: Pick<Tournament, 'format' | 'schedule' | 'stages'>, matches: readonly Match[]): PlanningRules {
  const settings: ScheduleSettings = { ...SCHEDULE_DEFAULTS, ...tournament.schedule };
  const durations = new Map<string | null, (match: Match) => number>();
  durations.set(null, durationsBy(matches, settings.match_minutes, formatOf(tournament.format).layout === 'bracket'));
  const stageRules: StageRules[] = [];
  const rulesByStage = new Map<string, number>();
  for (const stage of tournament.stages ?? []) {
    const own = stage.schedule ?? {};
    const inStage = matches.filter((match) => match.stage === stage.key);
    durations.set(stage.key, durationsBy(inStage, own.match_minutes ?? settings.match_minutes, formatOf(stage.format).layout === 'bracket'));
    if (own.rest_minutes === undefined && own.windows === undefined && own.starts_at === undefined) continue;
    rulesByStage.set(stage.key, stageRules.length);
    stageRules.push({
      restMs: (own.rest_minutes ?? settings.rest_minutes) * 60_000,
      windows: windowsFrom(spans(own.windows === undefined ? settings.windows : own.windows), own.starts_at ? Date.parse(own.starts_at) : null),
    });
  }
  return {
    settings,
    durationOf: (match) => (durations.get(match.stage) ?? durations.get(null)!)(match),
    rulesOf: (match) => (match.stage === null ? undefined : rulesByStage.get(match.stage)),
    restMs: settings.rest_minutes * 60_000,
    windows: spans(settings.windows),
    stageRules,
  };
}
