import { ConflictError, NotFoundError } from '../../shared/domain-error';

export class ParticipantNotFoundError extends NotFoundError {
  constructor() {
    super('The participant');
  }
}

/** Another participant of the tournament already has this name, ignoring case. */
export class ParticipantNameTakenError extends ConflictError {
  constructor() {
    super('participant_name_taken', 'Another participant of this tournament already has this name (names are compared ignoring case, accents written either way, look-alike and invisible characters).');
  }
}

export class SeedTakenError extends ConflictError {
  constructor() {
    super('seed_taken', 'Another participant of this tournament already has this seed.');
  }
}

export class ExternalIdTakenError extends ConflictError {
  constructor() {
    super('external_id_taken', 'Another participant of this tournament already has this external_id.');
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
