import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { GroupLockedError, ParticipantsLockedError, TournamentFullError } from './participant-errors';

/** What registering needs to know of the tournament: whether it has started, and its cap. */
export interface Registration {
  /** The tournament's status (a whole field is seeded only in a draft); absent where only the lock matters. */
  status?: string;
  /** From in_progress on (completed and cancelled included) the field is fixed. */
  setupLocked: boolean;
  /** null = no cap. */
  maxParticipants: number | null;
  /** The check-in window (absent or null: open at that end). */
  checkInOpensAt?: Date | null;
  checkInClosesAt?: Date | null;
  /** The labels a participant's group may take (the first stage's, seeded `manual`); absent or null: none. */
  manualGroups?: string[] | null;
}

/** A group a write sets (null clears it), and where the request named it (`/group`, `/participants/3/group`). */
export interface GroupChange {
  group: string | null;
  pointer: string;
}

/**
 * Groups are set only in a draft (409 field_locked otherwise), and only to one of the first stage's groups of a
 * tournament seeded `manual` (422 at the pointer otherwise). Clearing a group is a change like any other.
 */
export function checkGroups(registration: Registration, changes: readonly GroupChange[]): void {
  if (changes.length === 0) return;
  if (registration.status !== 'draft') throw new GroupLockedError(registration.status ?? 'started');
  const labels = registration.manualGroups ?? null;
  const problems: FieldProblem[] = [];
  for (const { group, pointer } of changes) {
    if (group === null) continue;
    if (labels === null) problems.push({ pointer, detail: 'the tournament has no groups to set by hand: only a multi_stage tournament whose first stage is seeded manual has them.' });
    else if (!labels.includes(group)) problems.push({ pointer, detail: `must be one of the first stage's groups, ${labels[0]} to ${labels[labels.length - 1]}.` });
  }
  if (problems.length > 0) throw new InvalidError(problems);
}

/** Adding `adding` participants to the `registered` ones: refused once started, or past the cap (spec §11). */
export function checkRoomFor(registration: Registration, registered: number, adding: number): void {
  if (registration.setupLocked) throw new ParticipantsLockedError();
  const cap = registration.maxParticipants;
  if (cap !== null && registered + adding > cap) throw new TournamentFullError(cap, registered);
}

export function checkCanWithdraw(registration: Registration): void {
  if (registration.setupLocked) throw new ParticipantsLockedError();
}
