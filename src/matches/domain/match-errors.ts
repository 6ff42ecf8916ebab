import { ConflictError, InvalidError, NotFoundError } from '../../shared/domain-error';

export class MatchNotFoundError extends NotFoundError {
  constructor() {
    super('The match');
  }
}

export class MatchNotReadyError extends ConflictError {
  constructor(reason: string) {
    super('match_not_ready', reason);
  }
}

export class DrawNotAllowedError extends InvalidError {
  constructor(pointer: string, format: string, detail = `a ${format} match cannot end in a draw: send winner_id, or scores that are not equal.`) {
    super([{ pointer, detail }], 'draw_not_allowed', 'Draws are allowed only in round_robin and swiss.');
  }

  /** A free-for-all is reported as ranks, so its tie is a rank given to two opponents: say so in those words. */
  static sharedRank(rank: number): DrawNotAllowedError {
    return new DrawNotAllowedError(
      '/ranks',
      'free_for_all',
      `each opponent needs a rank of its own: rank ${rank} is given more than once, and a free_for_all match cannot end in a tie.`,
    );
  }
}

export interface MatchReference {
  id: string;
  number: number;
}

export class DependentMatchesReportedError extends ConflictError {
  constructor(dependents: MatchReference[], completedTournament: boolean) {
    const numbers = dependents.map((match) => `#${match.number}`).join(', ');
    super(
      'dependent_matches_reported',
      completedTournament
        ? `Matches ${numbers} depend on this result and are reported; a completed tournament accepts corrections only of matches nothing reported depends on.`
        : `Matches ${numbers} depend on this result and are reported. Send ?reset_dependents=true to clear them too (preview with ?dry_run=true).`,
      { dependent_matches: dependents.map((match) => ({ id: match.id, number: match.number })) },
    );
  }
}

/** A correction that needs a new match (a grand-final reset) cannot be made once the tournament is completed. */
export class CorrectionReopensTournamentError extends ConflictError {
  constructor() {
    super(
      'tournament_completed',
      'This correction would need a new match (the grand-final reset), and the tournament is completed. Only corrections that keep it complete are accepted.',
    );
  }
}

export class NotEnoughParticipantsError extends ConflictError {
  constructor(count: number) {
    super('not_enough_participants', `A tournament needs at least 2 participants to start; it has ${count}.`, { participant_count: count });
  }
}

export class MatchesPendingError extends ConflictError {
  constructor(open: number) {
    super('matches_pending', `${open} match(es) still have no result; the tournament completes by itself when the last one is reported.`, {
      open_matches: open,
    });
  }
}
