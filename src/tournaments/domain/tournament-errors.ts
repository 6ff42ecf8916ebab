import { ConflictError, NotFoundError } from '../../kernel/domain-error';
import { InvalidTransitionError } from '../../kernel/state-machine';
import type { TournamentStatus } from './tournament-status';

export class TournamentNotFoundError extends NotFoundError {
  constructor() {
    super('The tournament');
  }
}

export class InvalidTournamentTransitionError extends InvalidTransitionError<TournamentStatus> {
  constructor(from: TournamentStatus, to: TournamentStatus, allowed: readonly TournamentStatus[]) {
    super(`A ${from} tournament`, from, to, allowed);
  }
}

export class TournamentFieldLockedError extends ConflictError {
  constructor(status: TournamentStatus, fields: string[]) {
    super(
      'field_locked',
      `${fields.join(', ')} cannot change once a tournament is ${status}. Only name, description, metadata and status can.`,
      { locked_fields: fields },
    );
  }
}

export class TournamentInProgressError extends ConflictError {
  constructor() {
    super('invalid_state_transition', 'An in_progress tournament cannot be deleted. Cancel it first (PATCH status to cancelled).', {
      current_status: 'in_progress',
      allowed_transitions: ['completed', 'cancelled'],
    });
  }
}
