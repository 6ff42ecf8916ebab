/*
 * Stages (issue 40): a tournament played as 2 to 4 stages in order (groups then a bracket, swiss then a top cut).
 * What a stage is and which settings fit live here, with the tournament; how a stage is played, filled and ranked
 * lives with play (src/competition/stages/). docs/stages.md explains the model.
 */
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { PointsRule, rulesProblems, TiebreakerName, defaultPointsOf } from '../rules/competition-rules';
import { readStageSchedule, StageSchedule } from '../schedule/schedule-settings';
import type { FormatEntry } from '../formats/catalog';
import type { TournamentFormat } from '../formats/format-names';
import { formatCatalog } from '../formats/registry';

/** The formats a stage may be played in, in the catalog's order (every format but stages themselves). */
export function stageFormats(): string[] {
  return formatCatalog.namesWhere((entry) => entry.canBeStage);
}
export type StageFormat = TournamentFormat;

export const STAGE_LIMITS = { minStages: 2, maxStages: 4, maxGroups: 64 } as const;
export const STAGE_KEY_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** Group labels A … Z, then AA, AB, … (as spreadsheet columns). */
export function groupLabel(index: number): string {
  let label = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    label = String.fromCharCode(65 + ((rest - 1) % 26)) + label;
  }
  return label;
}

export function groupLabels(groupCount: number): string[] {
  return Array.from({ length: groupCount }, (_, index) => groupLabel(index));
}

/** The groups a participant may be put in by hand: the first stage's, when it is seeded `manual`; null otherwise. */
export function manualGroupLabels(stages: readonly StageSettings[] | null): string[] | null {
  const first = stages?.[0];
  return first && first.seeding === 'manual' ? groupLabels(first.groups) : null;
}

export const FIRST_STAGE_SEEDINGS = ['snake', 'sequential', 'manual'] as const;
export const LATER_STAGE_SEEDINGS = ['cross_groups', 'standings'] as const;
export type StageSeeding = (typeof FIRST_STAGE_SEEDINGS)[number] | (typeof LATER_STAGE_SEEDINGS)[number] | { slots: string[] };

/** Who moves on: the top n of each group (and the best of the k-th placed), or the top n of a one-group stage. */
export type StageAdvance = { perGroup: number; best: { place: number; count: number } | null } | { top: number };

/** An organiser's order of rows tied across a cut (issue 40): kept, and shown as the tiebreaker `organiser_decision`. */
export interface StageDecision {
  /** The group's label, or null for the table of the best k-th placed rows. */
  group: string | null;
  order: string[];
  reason: string;
  decidedAt: string;
}

export const STAGE_STATUSES = ['pending', 'in_progress', 'awaiting_decision', 'completed'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export interface StageSettings {
  key: string;
  /** Kept by play (the matches module) in the reporting transaction. */
  status: StageStatus;
  name: string;
  format: StageFormat;
  rounds: number | null;
  thirdPlaceMatch: boolean;
  points: PointsRule | null;
  tiebreakers: TiebreakerName[] | null;
  legs: number | null;
  groups: number;
  advance: StageAdvance | null;
  seeding: StageSeeding;
  decisions: StageDecision[];
  /** The stage's own schedule settings (issue 41), the keys it sets; absent or null: the tournament's. */
  schedule?: StageSchedule | null;
}

/** How many of a stage move on from each group (or in all, for `top`), for the next stage's size. */
export function qualifierCount(stage: StageSettings): number {
  const advance = stage.advance;
  if (advance === null) return 0;
  if ('top' in advance) return advance.top;
  return advance.perGroup * stage.groups + (advance.best?.count ?? 0);
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const STAGE_FIELDS = new Set(['key', 'name', 'format', 'rounds', 'third_place_match', 'points', 'tiebreakers', 'legs', 'groups', 'advance', 'seeding', 'schedule']);

/**
 * Reads `stages` as the client sent them (snake_case) into settings, or throws 422 listing every problem at its
 * pointer. `checkSlots` checks a slot map against the stage before it (play's placement rules, bound by the caller).
 */
export function readStages(raw: unknown, checkSlots: SlotCheck = () => []): StageSettings[] {
  const problems: FieldProblem[] = [];
  if (!Array.isArray(raw) || raw.length < STAGE_LIMITS.minStages || raw.length > STAGE_LIMITS.maxStages) {
    throw InvalidError.field('/stages', `must be a list of ${STAGE_LIMITS.minStages} to ${STAGE_LIMITS.maxStages} stages.`);
  }
  const stages: StageSettings[] = [];
  const keys = new Set<string>();
  raw.forEach((item: unknown, index) => {
    const at = `/stages/${index}`;
    if (!isObject(item)) {
      problems.push({ pointer: at, detail: 'must be an object (key, name, format, groups, advance, seeding, and the format\u2019s rules).' });
      return;
    }
    for (const field of Object.keys(item)) if (!STAGE_FIELDS.has(field)) problems.push({ pointer: `${at}/${field}`, detail: `is not a stage field; one of ${[...STAGE_FIELDS].join(', ')}.` });
    const stage = readStage(item, index, raw.length, at, problems);
    if (stage === null) return;
    if (keys.has(stage.key)) problems.push({ pointer: `${at}/key`, detail: `${stage.key} is already the key of another stage.` });
    keys.add(stage.key);
    stages.push(stage);
  });
  if (problems.length === 0) {
    // Each later stage takes what the one before sends on.
    for (let index = 1; index < stages.length; index++) problems.push(...laterStageProblems(stages[index - 1], stages[index], index, checkSlots));
    problems.push(...advanceProblems(stages, null));
  }
  if (problems.length > 0) throw new InvalidError(problems);
  return stages;
}

/** Play's check of a slot map: the problems at the slots' indexes (`detail` says why). */
export type SlotCheck = (slots: string[], previous: StageSettings) => { index: number; detail: string }[];

function readStage(item: Raw, index: number, count: number, at: string, problems: FieldProblem[]): StageSettings | null {
  const before = problems.length;
  const { key, name, format } = item;
  if (typeof key !== 'string' || !STAGE_KEY_PATTERN.test(key)) problems.push({ pointer: `${at}/key`, detail: 'must be 1 to 32 of a-z, 0-9, _ and -.' });
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200) problems.push({ pointer: `${at}/name`, detail: 'must be a text of 1 to 200 characters.' });
  if (typeof format !== 'string' || !stageFormats().includes(format)) {
    problems.push({ pointer: `${at}/format`, detail: `must be one of ${stageFormats().join(', ')}.` });
    return null;
  }
  const stageFormat = format as StageFormat;
  const entry = formatCatalog.entry(stageFormat);
  const stagesWhere = (test: (entry: FormatEntry) => boolean) => formatCatalog.namesWhere((other) => other.canBeStage && test(other)).join(' and ');
  const groups = item.groups ?? 1;
  if (!isWhole(groups, 1, STAGE_LIMITS.maxGroups)) problems.push({ pointer: `${at}/groups`, detail: `must be a whole number from 1 to ${STAGE_LIMITS.maxGroups}.` });
  const rounds = item.rounds ?? null;
  if (rounds !== null && (!isWhole(rounds, 1, 64) || !entry.takesRounds)) {
    problems.push({ pointer: `${at}/rounds`, detail: `only ${stagesWhere((other) => other.takesRounds)} stages take rounds, a whole number from 1 to 64.` });
  }
  const thirdPlaceMatch = item.third_place_match ?? false;
  if (typeof thirdPlaceMatch !== 'boolean' || (thirdPlaceMatch && !entry.takesThirdPlaceMatch)) {
    problems.push({ pointer: `${at}/third_place_match`, detail: `true or false; only ${stagesWhere((other) => other.takesThirdPlaceMatch)} stages have a third-place match.` });
  }
  const points = readPoints(stageFormat, item.points, `${at}/points`, problems);
  const tiebreakers = item.tiebreakers ?? null;
  const legs = item.legs ?? null;
  if (tiebreakers !== null && (!Array.isArray(tiebreakers) || tiebreakers.some((name) => typeof name !== 'string'))) {
    problems.push({ pointer: `${at}/tiebreakers`, detail: 'must be a list of tiebreaker names.' });
  } else if (legs !== null && typeof legs !== 'number') {
    problems.push({ pointer: `${at}/legs`, detail: 'must be 1 or 2.' });
  } else {
    const rules = { points, tiebreakers: tiebreakers as TiebreakerName[] | null, legs: legs as number | null };
    problems.push(...rulesProblems(stageFormat, rules).map((problem) => ({ ...problem, pointer: `${at}${problem.pointer}` })));
  }
  const last = index === count - 1;
  const advance = readAdvance(item.advance, last, groups as number, `${at}/advance`, problems);
  const seeding = readSeeding(item.seeding, index, `${at}/seeding`, problems);
  const schedule = readStageSchedule(item.schedule, `${at}/schedule`, problems);
  if (problems.length > before) return null;
  return {
    key: key as string,
    status: 'pending',
    name: (name as string).trim(),
    format: stageFormat,
    rounds: rounds as number | null,
    thirdPlaceMatch: thirdPlaceMatch as boolean,
    points,
    tiebreakers: tiebreakers as TiebreakerName[] | null,
    legs: legs as number | null,
    groups: groups as number,
    advance,
    seeding,
    decisions: [],
    schedule,
  };
}

function readPoints(format: StageFormat, raw: unknown, at: string, problems: FieldProblem[]): PointsRule | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) {
    problems.push({ pointer: at, detail: 'must be an object of win, draw and loss points.' });
    return null;
  }
  const base = defaultPointsOf(format);
  return { ...base, ...raw } as PointsRule;
}

function readAdvance(raw: unknown, last: boolean, groups: number, at: string, problems: FieldProblem[]): StageAdvance | null {
  if (last) {
    if (raw !== undefined && raw !== null) problems.push({ pointer: at, detail: 'the last stage sends nobody on: leave advance out.' });
    return null;
  }
  if (!isObject(raw)) {
    problems.push({ pointer: at, detail: 'every stage but the last says who moves on: { "per_group": n } (with an optional best) or { "top": n }.' });
    return null;
  }
  if ('top' in raw) {
    if (Object.keys(raw).length !== 1 || !isWhole(raw.top, 2, 8192)) problems.push({ pointer: `${at}/top`, detail: 'must be a whole number of at least 2, alone in advance.' });
    else if (groups !== 1) problems.push({ pointer: `${at}/top`, detail: 'top is for a one-group stage; use per_group for a stage of groups.' });
    return { top: raw.top as number };
  }
  const extra = Object.keys(raw).filter((field) => field !== 'per_group' && field !== 'best');
  if (extra.length > 0) problems.push({ pointer: `${at}/${extra[0]}`, detail: 'advance takes per_group and best, or top alone.' });
  if (!isWhole(raw.per_group, 1, 1024)) problems.push({ pointer: `${at}/per_group`, detail: 'must be a whole number of at least 1.' });
  let best: { place: number; count: number } | null = null;
  if (raw.best !== undefined && raw.best !== null) {
    const candidate = raw.best;
    if (!isObject(candidate) || !isWhole(candidate.place, 2, 1024) || !isWhole(candidate.count, 1, 64)) {
      problems.push({ pointer: `${at}/best`, detail: 'must be { "place": k, "count": m }: the m best of the rows placed k-th across groups.' });
    } else if (candidate.place !== (raw.per_group as number) + 1) {
      problems.push({ pointer: `${at}/best/place`, detail: `the best of the rest are the rows just below the cut: place must be per_group + 1 (${(raw.per_group as number) + 1}).` });
    } else if (candidate.count >= groups) {
      problems.push({ pointer: `${at}/best/count`, detail: `must be fewer than the groups (${groups}): with all of them, raise per_group.` });
    } else best = { place: candidate.place, count: candidate.count };
  }
  return { perGroup: raw.per_group as number, best };
}

function readSeeding(raw: unknown, index: number, at: string, problems: FieldProblem[]): StageSeeding {
  const allowed: readonly string[] = index === 0 ? FIRST_STAGE_SEEDINGS : LATER_STAGE_SEEDINGS;
  if (raw === undefined || raw === null) return index === 0 ? 'snake' : 'cross_groups';
  if (typeof raw === 'string' && allowed.includes(raw)) return raw as StageSeeding;
  if (index > 0 && isObject(raw) && Array.isArray(raw.slots) && Object.keys(raw).length === 1) {
    const slots = raw.slots as unknown[];
    const bad = slots.findIndex((slot) => typeof slot !== 'string');
    if (bad >= 0) problems.push({ pointer: `${at}/slots/${bad}`, detail: 'must be a group and place ("A1") or a best-of-the-rest rank ("3rd:1").' });
    return { slots: slots as string[] };
  }
  const slotsNote = index === 0 ? '' : ', or { "slots": [...] }';
  problems.push({ pointer: at, detail: `must be one of ${allowed.join(', ')}${slotsNote}${index === 0 ? ' (the first stage fills its groups from the field)' : ''}.` });
  return 'snake';
}

/** A later stage against the one before: what it receives must fit it. */
function laterStageProblems(previous: StageSettings, stage: StageSettings, index: number, checkSlots: SlotCheck): FieldProblem[] {
  const at = `/stages/${index}`;
  const problems: FieldProblem[] = [];
  const incoming = qualifierCount(previous);
  if (incoming < 2 * stage.groups) {
    problems.push({ pointer: `${at}/groups`, detail: `${incoming} qualifiers from ${previous.key} cannot fill ${stage.groups} groups of at least 2.` });
  }
  if (typeof stage.seeding === 'object') {
    if (stage.groups !== 1) problems.push({ pointer: `${at}/seeding`, detail: 'a slot map places a one-group bracket; this stage has groups.' });
    else {
      for (const problem of checkSlots(stage.seeding.slots, previous)) problems.push({ pointer: `${at}/seeding/slots/${problem.index}`, detail: problem.detail });
    }
  }
  return problems;
}

/** The size checks that need the field: advance larger than a group (409 at the start would be too late; 422 here). */
export function advanceProblems(stages: StageSettings[], participantCount: number | null): FieldProblem[] {
  const problems: FieldProblem[] = [];
  stages.forEach((stage, index) => {
    const size = index === 0 ? participantCount : qualifierCount(stages[index - 1]);
    if (stage.advance === null || size === null) return;
    const smallest = Math.floor(size / stage.groups);
    if ('top' in stage.advance) {
      if (stage.advance.top > size) problems.push({ pointer: `/stages/${index}/advance/top`, detail: `is larger than the stage's field (${size}).` });
    } else {
      const needed = stage.advance.best ? stage.advance.best.place : stage.advance.perGroup;
      if (needed > smallest && (index > 0 || size > 0)) {
        problems.push({ pointer: `/stages/${index}/advance/per_group`, detail: `groups of ${smallest} cannot send on ${needed} rows each.` });
      }
    }
  });
  return problems;
}

/** The stages as the client reads them (snake_case), with each stage's status from play. */
export function presentStageSettings(stage: StageSettings) {
  const advance = stage.advance === null ? null : 'top' in stage.advance ? { top: stage.advance.top } : { per_group: stage.advance.perGroup, ...(stage.advance.best ? { best: stage.advance.best } : {}) };
  return {
    key: stage.key,
    name: stage.name,
    status: stage.status,
    format: stage.format,
    groups: stage.groups,
    advance,
    seeding: stage.seeding,
    rounds: stage.rounds,
    third_place_match: stage.thirdPlaceMatch,
    points: stage.points,
    tiebreakers: stage.tiebreakers,
    legs: stage.legs,
    schedule: stage.schedule ?? null,
  };
}

/**
 * The stages as they are, with each stage's schedule as `next` has it, when the stages differ in nothing else (what
 * play keeps, status and decisions, aside): a schedule changes at any time, the rest of a stage only in a draft.
 * Null when something else differs.
 */
export function withStageSchedules(current: readonly StageSettings[], next: readonly StageSettings[]): StageSettings[] | null {
  const setup = (stage: StageSettings) => canonical({ ...stage, status: null, decisions: null, schedule: null });
  if (current.length !== next.length || current.some((stage, index) => setup(stage) !== setup(next[index]))) return null;
  if (current.every((stage, index) => canonical(stage.schedule ?? null) === canonical(next[index].schedule ?? null))) return [...current];
  return current.map((stage, index) => ({ ...stage, schedule: next[index].schedule ?? null }));
}

/** JSON with every object's keys sorted: stored stages come back from jsonb in another key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : inner,
  );
}
