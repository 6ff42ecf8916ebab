import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { applyMergePatch, checkMetadataSize, MergePatch, Metadata, sameValue } from '../../kernel/merge-patch';
import { newId } from '../../kernel/ids';
import { ParticipantFieldLockedError } from './participant-errors';
import { ParticipantStatus, Withdrawal } from './withdrawal';
import { participantNameKey } from './participant-name';

export const PARTICIPANT_LIMITS = { nameLength: 100, externalIdLength: 100, minSeed: 1, maxSeed: 1024 } as const;

/** What a client may set. On update only the keys present change; `null` clears seed or external_id. */
export interface ParticipantFields {
  name: string;
  /** 1–1024, unique in the tournament; null = unseeded. */
  seed: number | null;
  /** The integrator's own id (a player id, a team id), unique in the tournament when set. */
  externalId: string | null;
  metadata: Metadata;
  /** The group of the first stage this participant plays in (a multi_stage tournament seeded `manual`); null = none. */
  group: string | null;
}

/** A group label as stages name them: A … Z, then AA … (two letters cover the 64 groups a stage may have). */
export const GROUP_LABEL_PATTERN = /^[A-Z]{1,2}$/;

export type NewParticipant = Pick<ParticipantFields, 'name'> & Partial<ParticipantFields>;
export type ParticipantChanges = MergePatch<ParticipantFields>;

/** Each settable field's name on the wire, which is how domain errors name it to clients. */
export const PARTICIPANT_WIRE_NAMES = {
  name: 'name',
  seed: 'seed',
  externalId: 'external_id',
  metadata: 'metadata',
  group: 'group',
} as const satisfies Record<keyof ParticipantFields, string>;

const FIELDS = Object.keys(PARTICIPANT_WIRE_NAMES) as (keyof ParticipantFields)[];

/** Fields fixed once the tournament has started (spec §11): the bracket was built from them. */
const LOCKED_FROM_START: readonly (keyof ParticipantFields)[] = ['seed', 'externalId'];

/** A player or team registered in one tournament of one account. */
export class Participant implements ParticipantFields {
  id: string;
  accountId: string;
  tournamentId: string;
  name: string;
  /** The name as uniqueness sees it (participantNameKey): kept in step with `name`, stored with a unique index. */
  nameKey: string;
  seed: number | null;
  externalId: string | null;
  metadata: Metadata;
  group: string | null;
  /** Read-only: set by the matches module when the tournament completes (ties share a rank). */
  finalRank: number | null;
  /** Read-only: `withdrawn` or `disqualified` once they left a running tournament (POST …/withdraw). */
  status: ParticipantStatus;
  /** Why and how they left; null while active. */
  withdrawal: Withdrawal | null;
  /** Read-only: when they checked in (POST …/check-in), null when they have not. */
  checkedInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  static create(accountId: string, tournamentId: string, fields: NewParticipant, now = new Date()): Participant {
    const participant = Object.assign(new Participant(), {
      id: newId(now.getTime()),
      accountId,
      tournamentId,
      name: fields.name,
      nameKey: participantNameKey(fields.name),
      seed: fields.seed ?? null,
      externalId: fields.externalId ?? null,
      metadata: fields.metadata ?? {},
      group: fields.group ?? null,
      finalRank: null,
      status: 'active',
      withdrawal: null,
      checkedInAt: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
    checkInvariants(participant);
    return participant;
  }

  /**
   * Applies a merge patch. Returns whether anything changed; throws without changing anything otherwise.
   * Once the tournament has started (`setupLocked`), seed and external_id keep their values (409 field_locked).
   */
  update(changes: ParticipantChanges, setupLocked: boolean, now = new Date()): boolean {
    const current = this.fields();
    const next = applyMergePatch(current, changes);
    const changed = FIELDS.filter((field) => !sameValue(current[field], next[field]));
    if (changed.length === 0) return false;
    const locked = changed.filter((field) => LOCKED_FROM_START.includes(field));
    if (setupLocked && locked.length > 0) throw new ParticipantFieldLockedError(locked.map((field) => PARTICIPANT_WIRE_NAMES[field]));
    checkInvariants(next);
    // Only a new name gets a new key: a key the migration kept apart for an old clash stays until a rename.
    if (next.name !== current.name) this.nameKey = participantNameKey(next.name);
    Object.assign(this, next);
    this.updatedAt = now;
    return true;
  }

  private fields(): ParticipantFields {
    const { name, seed, externalId, metadata, group } = this;
    return { name, seed, externalId, metadata, group };
  }
}

/**
 * New participants for a bulk import (spec §11): every item is checked, and a name (as participantNameKey sees it), seed or
 * external_id repeated inside the batch is refused on the later item. One 422 lists every problem, pointing
 * into the request's `participants` array.
 */
export function newParticipants(accountId: string, tournamentId: string, items: NewParticipant[], now = new Date()): Participant[] {
  const problems: FieldProblem[] = repeatedInBatch(items);
  const participants = items.flatMap((item, index) => {
    try {
      return [Participant.create(accountId, tournamentId, item, now)];
    } catch (error) {
      if (!(error instanceof InvalidError)) throw error;
      problems.push(...error.fieldProblems.map((problem) => ({ ...problem, pointer: `/participants/${index}${problem.pointer}` })));
      return [];
    }
  });
  if (problems.length > 0) throw new InvalidError(problems.sort((a, b) => itemIndex(a) - itemIndex(b)));
  return participants;
}

/** `/participants/3/name` → 3. */
function itemIndex(problem: FieldProblem): number {
  return Number(problem.pointer.split('/')[2]);
}

/** The fields that must differ between the participants of one tournament. */
const UNIQUE_IN_TOURNAMENT = ['name', 'seed', 'externalId'] as const;
type UniqueField = (typeof UNIQUE_IN_TOURNAMENT)[number];

/**
 * Items of one batch repeating a name (as participantNameKey sees it), seed or external_id of an earlier item: one problem per
 * repeat, on the later item, in item order. Values of the wrong type are left to the other checks.
 */
export function repeatedInBatch(items: Partial<Record<UniqueField, unknown>>[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = { name: new Set<unknown>(), seed: new Set<unknown>(), externalId: new Set<unknown>() };
  items.forEach((item, index) => {
    for (const field of UNIQUE_IN_TOURNAMENT) {
      const key = uniquenessKey(field, item?.[field]);
      if (key === undefined) continue;
      const wire = PARTICIPANT_WIRE_NAMES[field];
      if (seen[field].has(key)) {
        problems.push({ pointer: `/participants/${index}/${wire}`, detail: `repeats the ${field === 'name' ? 'name (ignoring case)' : wire} of an earlier participant in this batch.` });
      }
      seen[field].add(key);
    }
  });
  return problems;
}

/** What makes two values the same: names by participantNameKey, seeds and external ids exactly. */
function uniquenessKey(field: UniqueField, value: unknown): string | number | undefined {
  if (field === 'seed') return typeof value === 'number' ? value : undefined;
  if (typeof value !== 'string') return undefined;
  return field === 'name' ? participantNameKey(value) : value;
}

function checkInvariants(fields: ParticipantFields): void {
  const { nameLength, externalIdLength, minSeed, maxSeed } = PARTICIPANT_LIMITS;
  const problems: FieldProblem[] = [];
  if (fields.name.trim().length === 0 || fields.name.length > nameLength) {
    problems.push({ pointer: '/name', detail: `must be 1 to ${nameLength} characters long.` });
  } else if (participantNameKey(fields.name) === '') {
    problems.push({ pointer: '/name', detail: 'must hold at least one visible character.' });
  }
  if (fields.seed !== null && !(Number.isInteger(fields.seed) && fields.seed >= minSeed && fields.seed <= maxSeed)) {
    problems.push({ pointer: '/seed', detail: `must be a whole number from ${minSeed} to ${maxSeed}, or null.` });
  }
  if (fields.externalId !== null && (fields.externalId.length === 0 || fields.externalId.length > externalIdLength)) {
    problems.push({ pointer: '/external_id', detail: `must be 1 to ${externalIdLength} characters long, or null.` });
  }
  if (fields.group !== null && !(typeof fields.group === 'string' && GROUP_LABEL_PATTERN.test(fields.group))) {
    problems.push({ pointer: '/group', detail: 'must be a group label of one or two capital letters (A, B, … AA), or null.' });
  }
  if (problems.length > 0) throw new InvalidError(problems);
  checkMetadataSize(fields.metadata);
}
