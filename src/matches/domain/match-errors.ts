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
  constructor(pointer: string, format: string) {
    super(
      [{ pointer, detail: `a ${format} match cannot end in a draw: send winner_id, or scores that are not equal.` }],
      'draw_not_allowed',
      'Draws are allowed only in round_robin and swiss.',
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

/** n participants have n − 1 opponents each: a further swiss round could only repeat a pairing. */
export class TooManySwissRoundsError extends InvalidError {
  constructor(rounds: number, participantCount: number) {
    super([
      {
        pointer: '/rounds',
        detail: `${participantCount} participants can play at most ${participantCount - 1} swiss rounds without a rematch; lower rounds (or clear it for the default) to start.`,
      },
    ]);
  }
}

export class MatchesPendingError extends ConflictError {
  constructor(open: number) {
    super('matches_pending', `${open} match(es) still have no result; the tournament completes by itself when the last one is reported.`, {
      open_matches: open,
    });
  }
}
