/*
 * How a multi_stage tournament runs its stages (issue 40): each group of a stage is a small tournament of the
 * stage's format, played through that format's own rules on a view of the matches (a group bench); a later stage is
 * drawn at the start with placeholder opponents, and filled from the stage before when its last match is in.
 */
import { isReported, Match, NewId, SeededParticipant, StagePlay, StageSource, FormatSettings, statusFromSlots, emptyOpponent } from '../match/match';
import type { Format, PlayBench } from '../formats/format';
import { bracketRoundsFor } from '../series/series';
import type { StandingRow } from '../ranking/ranking';
import { bracketSize, standardSeedOrder } from '../bracket/elimination';
import { crossGroupPositions, fillGroups, groupLabels, parseSlots, QualifierSource, standingsPositions } from './placement';
import { qualifierCount } from './stage-settings';

/** The format registry, passed in (registry.ts lists this file's format: importing it here would be a cycle). */
export type FormatLookup = (name: FormatSettings['format']) => Format;

export function stageIndexOf(stages: readonly StagePlay[], key: string | null): number {
  return stages.findIndex((stage) => stage.key === key);
}

/** A group's participants: everyone in one of its matches, in the tournament's seeding order. */
export function groupField(field: readonly SeededParticipant[], matches: Iterable<Match>): SeededParticipant[] {
  const ids = new Set<string>();
  for (const match of matches) for (const opponent of match.opponents) if (opponent.participantId !== null) ids.add(opponent.participantId);
  return field.filter((participant) => ids.has(participant.id));
}

function groupSize(matches: Iterable<Match>): number {
  const ids = new Set<string>();
  for (const match of matches) for (const opponent of match.opponents) ids.add(opponent.participantId ?? JSON.stringify(opponent.source ?? null));
  return ids.size;
}

/** A group's settings: the stage's, with the rounds a field of this size plays fixed. */
export function groupSettings(stage: StagePlay, size: number, formats: FormatLookup): FormatSettings {
  const rounds = stage.settings.rounds ?? formats(stage.settings.format).roundsFixedAtStart(size);
  return { ...stage.settings, rounds, bracketRounds: bracketRoundsFor(size) };
}

export function matchesOf(bench: Pick<PlayBench, 'live'>, stage: string, group: string | null): Match[] {
  const list: Match[] = [];
  for (const match of bench.live()) if (match.stage === stage && (group === null || match.group === group)) list.push(match);
  return list;
}

/** The labels a stage's matches use, in label order. */
export function groupsIn(matches: Iterable<Match>): string[] {
  const labels = new Set<string>();
  for (const match of matches) if (match.group !== null) labels.add(match.group);
  return [...labels].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

/** One group of one stage as its format sees the tournament: only its matches, its field, its settings. */
export function groupBench(bench: PlayBench, stage: StagePlay, group: string, formats: FormatLookup): PlayBench {
  const format = formats(stage.settings.format);
  const live = () => matchesOf(bench, stage.key, group);
  const settings = groupSettings(stage, groupSize(live()), formats);
  const view: PlayBench = {
    settings,
    withdrawals: bench.withdrawals,
    field: () => groupField(bench.field(), live()),
    live,
    get: (id) => bench.get(id),
    write: (id) => bench.write(id),
    add: (match) => {
      match.stage = stage.key;
      match.group = group;
      bench.add(match);
    },
    remove: (match) => bench.remove(match),
    markCleared: (id) => bench.markCleared(id),
    newId: bench.newId,
    nextNumber: () => bench.nextNumber(),
    reportedDependents: (match) => format.dependentsOf(match, view).filter(isReported),
    undo: (match) => format.undo(match, view),
  };
  return view;
}

/** The first stage's groups from the field; throws the placement's problems (the caller checks them at the start). */
export function firstStageGroups(stage: StagePlay, participants: readonly SeededParticipant[]): { label: string; participantIds: string[] }[] {
  // Seeding order is the field's order: an index as the name keeps unseeded participants in it.
  const candidates = participants.map((participant, index) => ({ id: participant.id, seed: participant.seed, name: String(index).padStart(6, '0'), group: participant.group ?? null }));
  const filled = fillGroups(candidates, stage.groups, stage.seeding as 'snake' | 'sequential' | 'manual');
  if ('problems' in filled) throw new Error(`groups cannot be filled: ${filled.problems.map((problem) => problem.detail).join(' ')}`);
  return filled.groups;
}

/** The places a stage sends on, as the next stage's seeding orders them: its seed order (1 = first), null for none. */
export function qualifierPositions(previous: StagePlay, next: StagePlay): (StageSource | null)[] {
  const labels = groupLabels(previous.groups);
  const advance = previous.advance!;
  const stage = previous.key;
  const tagged = (source: QualifierSource | null): StageSource | null => (source === null ? null : { stage, ...source });
  if ('top' in advance) return standingsPositions(advance.top).map((seed) => (seed === null ? null : { stage, group: labels[0], place: seed }));
  const best = advance.best ?? undefined;
  if (typeof next.seeding === 'object') {
    const parsed = parseSlots(next.seeding.slots, labels, advance.perGroup, best);
    if (parsed.length > 0 && parsed.every((entry) => entry === null || !('index' in entry))) return (parsed as (QualifierSource | null)[]).map(tagged);
    throw new Error('the slot map was checked when the stages were set');
  }
  if (next.seeding === 'standings') return standingsPositions(qualifierCount(stageSettingsOf(previous))).map((seed) => (seed === null ? null : { stage, seed }));
  return crossGroupPositions(labels, advance.perGroup, best).map(tagged);
}

function stageSettingsOf(stage: StagePlay) {
  return { advance: stage.advance, groups: stage.groups } as Parameters<typeof qualifierCount>[0];
}

/**
 * Bracket positions (top to bottom) as a seed order: position p holds the standard seeding's seed at p, so a bracket
 * generated from the list puts each source where the positions say. Byes (null) are the seeds beyond the field.
 */
export function sourcesInSeedOrder(positions: readonly (StageSource | null)[]): StageSource[] {
  const order = standardSeedOrder(bracketSize(positions.length));
  const placed = positions.map((source, position) => ({ source, seed: order[position] ?? position + 1 })).filter((entry) => entry.source !== null);
  return placed.sort((a, b) => a.seed - b.seed).map((entry) => entry.source!);
}

/**
 * A later stage drawn before its field is known: each group generated by its format with stand-ins, whose slots
 * then become placeholders (no participant, a `source`).
 */
export function placeholderStage(stage: StagePlay, sources: StageSource[], newId: NewId, now: Date, formats: FormatLookup): Match[] {
  const labels = groupLabels(stage.groups);
  const groups: StageSource[][] = labels.map(() => []);
  sources.forEach((source, index) => groups[snake(index, labels.length)].push(source));
  return labels.flatMap((label, groupIndex) => {
    const standIns = groups[groupIndex].map((source, index) => ({ id: newId(), seed: index + 1, source }));
    const byId = new Map(standIns.map((standIn) => [standIn.id, standIn.source]));
    const settings = groupSettings(stage, standIns.length, formats);
    const matches = formats(stage.settings.format).generate(settings, standIns.map(({ id, seed }) => ({ id, seed })), newId, now);
    for (const match of matches) {
      match.stage = stage.key;
      match.group = label;
      match.opponents = match.opponents.map((opponent) => {
        const source = opponent.participantId === null ? undefined : byId.get(opponent.participantId);
        return source ? { ...emptyOpponent(null), source } : opponent;
      });
      if (match.homeParticipantId !== null && byId.has(match.homeParticipantId)) match.homeParticipantId = null;
      // A swiss bye of a stand-in waits for its participant like any other slot.
      if (match.status !== 'completed' || match.opponents.some((opponent) => opponent.source)) {
        match.status = statusFromSlots(match);
        match.winnerId = null;
        match.completedAt = null;
        match.opponents.forEach((opponent) => Object.assign(opponent, { score: null, rank: null, result: null }));
      }
    }
    return matches;
  });
}

function snake(index: number, count: number): number {
  const lap = Math.floor(index / count);
  const along = index % count;
  return lap % 2 === 0 ? along : count - 1 - along;
}

/** Numbers a stage's matches in play order (round by round, group by group) from `first`. */
export function numberInPlayOrder(matches: Match[], first: number): Match[] {
  const ordered = [...matches].sort((a, b) => a.round - b.round || (a.group ?? '').length - (b.group ?? '').length || (a.group ?? '').localeCompare(b.group ?? '') || a.number - b.number);
  ordered.forEach((match, index) => (match.number = first + index));
  return ordered;
}

/** A group's table, as its format ranks it. */
export function groupTable(stage: StagePlay, field: readonly SeededParticipant[], matches: Match[], formats: FormatLookup): StandingRow[] {
  const members = groupField(field, matches);
  const settings = groupSettings(stage, members.length, formats);
  return formats(stage.settings.format).standings(settings, members, matches);
}

export type { QualifierSource };
