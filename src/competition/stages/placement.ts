import { bracketSize, standardSeedOrder } from '../bracket/elimination';
import { groupLabel, groupLabels } from './stage-settings';

/**
 * Where participants and qualifiers go in a staged tournament: filling the first stage's groups, and placing a
 * stage's qualifiers in the next stage's bracket. Pure functions; the stages service stores what they return.
 */

/** Where a later stage's entrant comes from: a group's place, or a rank among the best k-th placed rows. */
export type QualifierSource = { group: string; place: number } | { best: number; rank: number };

/** `best` of a stage's `advance`: also the `count` best of the rows placed `place` across groups. */
export interface BestOfTheRest {
  place: number;
  count: number;
}

/** Group labels live with the stages' settings (the participants module checks a hand-set group against them). */
export { groupLabel, groupLabels };

export interface GroupCandidate {
  id: string;
  seed: number | null;
  name: string;
  group?: string | null;
}

export interface FilledGroup {
  label: string;
  participantIds: string[];
}

export interface PlacementProblem {
  participantId?: string;
  group?: string;
  detail: string;
}

export type GroupSeeding = 'snake' | 'sequential' | 'manual';

/** Seeding order: by seed, the unseeded after them by name (then id, so equal names stay stable). */
function inSeedingOrder(participants: readonly GroupCandidate[]): GroupCandidate[] {
  return [...participants].sort(
    (a, b) =>
      (a.seed ?? Number.POSITIVE_INFINITY) - (b.seed ?? Number.POSITIVE_INFINITY) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The first stage's groups. `snake`: 1→A, 2→B, …, then back from the last group, so every group gets a fair mix
 * of strong and weak seeds. `sequential`: the first ⌈n/groups⌉ to A, the next to B, … `manual`: each participant's
 * own `group`. A group of fewer than two cannot play, so it is a problem as well.
 */
export function fillGroups(
  participants: readonly GroupCandidate[],
  groupCount: number,
  seeding: GroupSeeding,
): { groups: FilledGroup[] } | { problems: PlacementProblem[] } {
  const labels = groupLabels(groupCount);
  const members = new Map<string, string[]>(labels.map((label) => [label, []]));
  const ordered = inSeedingOrder(participants);
  const problems: PlacementProblem[] = [];
  if (seeding === 'manual') {
    for (const participant of ordered) {
      if (!participant.group) problems.push({ participantId: participant.id, detail: `${participant.name} has no group.` });
      else if (!members.has(participant.group)) {
        problems.push({
          participantId: participant.id,
          group: participant.group,
          detail: `${participant.name} is in group ${participant.group}, which the stage does not have (${labels[0]} to ${labels[labels.length - 1]}).`,
        });
      } else members.get(participant.group)!.push(participant.id);
    }
  } else {
    const base = Math.floor(ordered.length / groupCount);
    const larger = ordered.length % groupCount;
    ordered.forEach((participant, index) => {
      members.get(labels[seeding === 'snake' ? snakeGroup(index, groupCount) : sequentialGroup(index, base, larger)])!.push(participant.id);
    });
  }
  for (const [label, ids] of members) {
    if (ids.length < 2) problems.push({ group: label, detail: `Group ${label} has ${ids.length} participant${ids.length === 1 ? '' : 's'}; a group needs at least 2.` });
  }
  if (problems.length > 0) return { problems };
  return { groups: labels.map((label) => ({ label, participantIds: members.get(label)! })) };
}

function snakeGroup(index: number, groupCount: number): number {
  const lap = Math.floor(index / groupCount);
  const along = index % groupCount;
  return lap % 2 === 0 ? along : groupCount - 1 - along;
}

/** The first `larger` groups take base + 1 participants, the others base. */
function sequentialGroup(index: number, base: number, larger: number): number {
  const inLarger = larger * (base + 1);
  return index < inLarger ? Math.floor(index / (base + 1)) : larger + Math.floor((index - inLarger) / base);
}

/** Qualifiers ranked across groups and seeded 1…n: the bracket's positions top to bottom hold ranks, null a bye. */
export function standingsPositions(qualifierCount: number): (number | null)[] {
  const size = bracketSize(qualifierCount);
  return standardSeedOrder(size).map((seed) => (seed <= qualifierCount ? seed : null));
}

/**
 * Cross-group placement: the bracket's positions top to bottom (first-round match k takes positions 2k−1 and 2k),
 * null for a bye. The bracket is seeded by tiers: every group's winner is seeded above every runner-up, and so on,
 * then the best-of-the-rest ranks; the standard seeding order (1 v n, …) decides which positions each tier holds,
 * so group winners meet runners-up (or take the byes) and the best of the rest meet the top seeds. Within a tier
 * the groups are spread top down: at every split of the bracket (halves, then quarters, …) each group's
 * qualifiers are shared as evenly as the tiers' positions allow between the two sides, so two of one group meet
 * as late as possible. At the first split the groups alternate sides (A top, B bottom, C top, …), below it they
 * keep their order, which gives the World Cup shape for 8 groups of 2: A1–B2, C1–D2, … and B1–A2, D1–C2, ….
 */
export function crossGroupPositions(groupLabels: readonly string[], perGroup: number, best?: BestOfTheRest): (QualifierSource | null)[] {
  const groupQualifiers = groupLabels.length * perGroup;
  const qualifierCount = groupQualifiers + (best?.count ?? 0);
  const seeds = standardSeedOrder(bracketSize(qualifierCount));
  const tierOf = (seed: number) => (seed <= groupQualifiers ? Math.ceil(seed / groupLabels.length) : null);
  const positions: (QualifierSource | null)[] = seeds.map((seed) =>
    seed > qualifierCount ? null : seed > groupQualifiers ? { best: best!.place, rank: seed - groupQualifiers } : null,
  );
  const tiers = Array.from({ length: perGroup }, () => [...groupLabels]);
  spread(seeds.map(tierOf), 0, tiers, true, positions);
  return positions;
}

/**
 * Places each tier's groups (tiers[t] lists the groups whose (t+1)-th placed qualifier goes in this part of the
 * bracket) on the part's positions, whose tiers are given; a one-position part takes its tier's only group.
 */
function spread(
  slotTiers: (number | null)[],
  offset: number,
  tiers: string[][],
  alternate: boolean,
  positions: (QualifierSource | null)[],
): void {
  if (slotTiers.length === 1) {
    const tier = slotTiers[0];
    if (tier !== null) positions[offset] = { group: tiers[tier - 1][0], place: tier };
    return;
  }
  const half = slotTiers.length / 2;
  const upperSlots = slotTiers.slice(0, half);
  // Per group: how many of its qualifiers went to the upper side minus the lower side so far in this part.
  const balance = new Map<string, number>();
  const upper: string[][] = [];
  const lower: string[][] = [];
  tiers.forEach((groups, index) => {
    const wanted = upperSlots.filter((tier) => tier === index + 1).length;
    const chosen = new Set(pickUpper(groups, wanted, balance, alternate));
    upper.push(groups.filter((group) => chosen.has(group)));
    lower.push(groups.filter((group) => !chosen.has(group)));
    for (const group of groups) balance.set(group, (balance.get(group) ?? 0) + (chosen.has(group) ? 1 : -1));
  });
  spread(upperSlots, offset, upper, false, positions);
  spread(slotTiers.slice(half), offset + half, lower, false, positions);
}

/**
 * The `wanted` groups that go to the upper side: those with the fewest qualifiers there so far (relative to the
 * lower side); among equals, every other one (alternating) or the first ones in order.
 */
function pickUpper(groups: readonly string[], wanted: number, balance: ReadonlyMap<string, number>, alternate: boolean): string[] {
  const byBalance = new Map<number, string[]>();
  for (const group of groups) {
    const key = balance.get(group) ?? 0;
    byBalance.set(key, [...(byBalance.get(key) ?? []), group]);
  }
  const chosen: string[] = [];
  for (const key of [...byBalance.keys()].sort((a, b) => a - b)) {
    const equals = byBalance.get(key)!;
    const room = wanted - chosen.length;
    if (room <= 0) break;
    if (equals.length <= room) chosen.push(...equals);
    else chosen.push(...(alternate ? alternating(equals, room) : equals.slice(0, room)));
  }
  return chosen;
}

/** `count` of the groups, taking every other one from the first (then the rest in order once the others run out). */
function alternating(groups: readonly string[], count: number): string[] {
  const even = groups.filter((_, index) => index % 2 === 0);
  const odd = groups.filter((_, index) => index % 2 === 1);
  return [...even, ...odd].slice(0, count);
}

const PLACE_NAMES: Record<number, string> = { 1: 'Winner', 2: 'Runner-up', 3: 'Third' };

export function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/**
 * A readable name for a placeholder opponent: "Winner Group A", "Runner-up Group B", "Third Group C",
 * "4th Group D", "Best third 1". The source names its place, so `_bestPlace` is only accepted for callers that
 * pass the stage's `best.place` along.
 */
export function placeholderName(source: QualifierSource, _bestPlace?: number): string {
  if ('group' in source) return `${PLACE_NAMES[source.place] ?? ordinal(source.place)} Group ${source.group}`;
  const placed = (PLACE_NAMES[source.best] ?? ordinal(source.best)).toLowerCase();
  return `Best ${placed} ${source.rank}`;
}

/** The slot text for a source: "A1", "3rd:2". */
export function slotName(source: QualifierSource): string {
  return 'group' in source ? `${source.group}${source.place}` : `${ordinal(source.best)}:${source.rank}`;
}

export interface SlotProblem {
  index: number;
  detail: string;
}

/**
 * An organiser's slot map: the bracket's positions top to bottom, each "A1" (group and place), "3rd:1" (a rank
 * among the best of the rest, for `best.place` 3), or "bye". It has exactly as many entries as the bracket has
 * positions (the next power of two of the qualifier count), with one "bye" for each missing qualifier and never
 * two byes in one first-round match; every qualifier is named once. Problems point at the entry's index (a map of
 * the wrong length at the first entry past the shorter of the two lengths).
 */
export function parseSlots(
  slots: readonly string[],
  groupLabels: readonly string[],
  perGroup: number,
  best?: BestOfTheRest,
): (QualifierSource | null)[] | SlotProblem[] {
  const qualifierCount = groupLabels.length * perGroup + (best?.count ?? 0);
  const size = bracketSize(qualifierCount);
  if (slots.length !== size) {
    const byes = size - qualifierCount;
    return [
      {
        index: Math.min(slots.length, size),
        detail: `The bracket of ${qualifierCount} qualifiers has ${size} positions${byes > 0 ? ` (${byes} of them "bye")` : ''}; the slot map has ${slots.length}.`,
      },
    ];
  }
  const known = new Set(groupLabels);
  const problems: SlotProblem[] = [];
  const named = new Set<string>();
  const positions: (QualifierSource | null)[] = [];
  let byes = 0;
  slots.forEach((slot, index) => {
    const parsed = parseSlot(slot, known, perGroup, best);
    if (typeof parsed === 'string') {
      problems.push({ index, detail: parsed });
      positions.push(null);
      return;
    }
    if (parsed === null) {
      byes += 1;
      if (byes > size - qualifierCount) problems.push({ index, detail: `One "bye" too many: the bracket of ${qualifierCount} qualifiers has ${size - qualifierCount}.` });
      else if (index % 2 === 1 && positions[index - 1] === null && slots[index - 1].trim().toLowerCase() === 'bye') {
        problems.push({ index, detail: `Two byes in one first-round match (positions ${index} and ${index + 1}).` });
      }
      positions.push(null);
      return;
    }
    const name = slotName(parsed);
    if (named.has(name)) problems.push({ index, detail: `${name} is named twice.` });
    named.add(name);
    positions.push(parsed);
  });
  if (problems.length > 0) return withMissing(problems, named, groupLabels, perGroup, best);
  return positions;
}

/** Names the qualifiers the map leaves out in its first problem, so the organiser sees what to put back. */
function withMissing(
  problems: SlotProblem[],
  named: ReadonlySet<string>,
  groupLabels: readonly string[],
  perGroup: number,
  best?: BestOfTheRest,
): SlotProblem[] {
  const everyone: QualifierSource[] = [
    ...groupLabels.flatMap((group) => Array.from({ length: perGroup }, (_, index) => ({ group, place: index + 1 }))),
    ...Array.from({ length: best?.count ?? 0 }, (_, index) => ({ best: best!.place, rank: index + 1 })),
  ];
  const missing = everyone.map(slotName).filter((name) => !named.has(name));
  if (missing.length === 0) return problems;
  const [first, ...rest] = problems;
  return [{ index: first.index, detail: `${first.detail} Not placed: ${missing.join(', ')}.` }, ...rest];
}

const GROUP_SLOT = /^([A-Z]+)([1-9][0-9]*)$/;
const BEST_SLOT = /^([1-9][0-9]*)(st|nd|rd|th):([1-9][0-9]*)$/;

/** A source, null for "bye", or what is wrong with the entry. */
function parseSlot(slot: string, groups: ReadonlySet<string>, perGroup: number, best?: BestOfTheRest): QualifierSource | null | string {
  const text = slot.trim();
  if (text.toLowerCase() === 'bye') return null;
  const group = GROUP_SLOT.exec(text);
  if (group) {
    const [, label, place] = group;
    if (!groups.has(label)) return `"${slot}": the stage has no group ${label}.`;
    if (Number(place) > perGroup) return `"${slot}": only the top ${perGroup} of each group qualify.`;
    return { group: label, place: Number(place) };
  }
  const ranked = BEST_SLOT.exec(text);
  if (ranked) {
    const [, place, suffix, rank] = ranked;
    if (ordinal(Number(place)) !== `${place}${suffix}`) return `"${slot}": write the place as ${ordinal(Number(place))}.`;
    if (!best || best.place !== Number(place)) return `"${slot}": the stage does not advance the best ${ordinal(Number(place))}-placed rows.`;
    if (Number(rank) > best.count) return `"${slot}": only the best ${best.count} ${ordinal(best.place)}-placed rows qualify.`;
    return { best: best.place, rank: Number(rank) };
  }
  return `"${slot}" is not a slot: write a group and place ("A1"), a best-of-the-rest rank ("3rd:1") or "bye".`;
}
