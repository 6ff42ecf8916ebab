import { ConflictError, FieldProblem, NotFoundError } from '../../kernel/domain-error';

/** Where a clash is, when known: `errors` with the pointer of each clashing field (`/participants/2/name`). */
function located(clashes: FieldProblem[]): Record<string, unknown> {
  return clashes.length > 0 ? { errors: clashes } : {};
}

export class ParticipantNotFoundError extends NotFoundError {
  constructor() {
    super('The participant');
  }
}

/** Another participant of the tournament already has this name, ignoring case. */
export class ParticipantNameTakenError extends ConflictError {
  constructor(clashes: FieldProblem[] = []) {
    super('participant_name_taken', 'Another participant of this tournament already has this name (names are compared ignoring case, accents written either way, look-alike and invisible characters).', located(clashes));
  }
}

export class SeedTakenError extends ConflictError {
  constructor(clashes: FieldProblem[] = []) {
    super('seed_taken', 'Another participant of this tournament already has this seed.', located(clashes));
  }
}

export class ExternalIdTakenError extends ConflictError {
  constructor(clashes: FieldProblem[] = []) {
    super('external_id_taken', 'Another participant of this tournament already has this external_id.', located(clashes));
  }
}

/** Adding would take the tournament past its max_participants. */
export class TournamentFullError extends ConflictError {
  constructor(maxParticipants: number, participantCount: number) {
    super(
      'tournament_full',
      `The tournament has ${participantCount} of its ${maxParticipants} places taken; there is no room for ${participantCount >= maxParticipants ? 'one more' : 'that many'}.`,
      { max_participants: maxParticipants, participant_count: participantCount },
    );
  }
}

/** From in_progress on, nobody joins or leaves. */
export class ParticipantsLockedError extends ConflictError {
  constructor() {
    super('participants_locked', 'The tournament has started: participants can no longer be added or removed.');
  }
}

/** From in_progress on, only name and metadata change. */
export class ParticipantFieldLockedError extends ConflictError {
  constructor(fields: string[]) {
    super('field_locked', `${fields.join(', ')} cannot change once the tournament has started. Only name and metadata can.`, {
      locked_fields: fields,
    });
  }
}

/** Withdrawing twice: they already left. */
export class AlreadyWithdrawnError extends ConflictError {
  constructor(status: string) {
    super('participant_withdrawn', `The participant is already ${status}. Reinstate them first to change how they left.`, { participant_status: status });
  }
}

export class NotWithdrawnError extends ConflictError {
  constructor() {
    super('participant_not_withdrawn', 'The participant has not withdrawn: there is nothing to take back.');
  }
}

/** Checking in (or out) outside the tournament's check-in window. */
export class CheckInClosedError extends ConflictError {
  constructor(reason: string, window: { opensAt: Date | null; closesAt: Date | null }) {
    super('check_in_closed', reason, {
      check_in_opens_at: window.opensAt?.toISOString() ?? null,
      check_in_closes_at: window.closesAt?.toISOString() ?? null,
    });
  }
}

/** Seeds are set in one go only before anything else about the tournament is settled. */
export class SeedingClosedError extends ConflictError {
  constructor(status: string) {
    super('seeding_closed', `The tournament is ${status}: a whole field is seeded while it is a draft. Move it back to draft first (registration_open → draft).`, {
      current_status: status,
    });
  }
}

/** A participant's group is set only while the tournament is a draft: the start fills the groups from it. */
export class GroupLockedError extends ConflictError {
  constructor(status: string) {
    super('field_locked', `The tournament is ${status}: a participant's group is set only while it is a draft. Move it back to draft first (registration_open → draft).`, {
      locked_fields: ['group'],
      current_status: status,
    });
  }
}
