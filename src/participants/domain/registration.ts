import { ParticipantsLockedError, TournamentFullError } from './participant-errors';

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
