import { ConflictError, InvalidError, NotFoundError } from '../../kernel/domain-error';

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
        ? `Matches ${numbers} depend on this result and are reported. Send ?reset_dependents=true to clear them too, which reopens the completed tournament (preview with ?dry_run=true).`
        : `Matches ${numbers} depend on this result and are reported. Send ?reset_dependents=true to clear them too (preview with ?dry_run=true).`,
      { dependent_matches: dependents.map((match) => ({ id: match.id, number: match.number })) },
    );
  }
}

/** A correction that leaves matches to play (a grand-final reset, a forfeit no longer decided) reopens a completed tournament: only on request. */
export class CorrectionReopensTournamentError extends ConflictError {
  constructor() {
    super(
      'tournament_completed',
      'This correction leaves matches to play (such as the grand-final reset), which reopens the completed tournament. Send ?reset_dependents=true to reopen it (preview with ?dry_run=true).',
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

/** A withdrawal is taken back only while no reported match depends on what it decided. */
export class WithdrawalDependentsError extends ConflictError {
  constructor(dependents: MatchReference[]) {
    const sorted = [...dependents].sort((a, b) => a.number - b.number);
    super(
      'dependent_matches_reported',
      `Matches ${sorted.map((match) => `#${match.number}`).join(', ')} were played after this withdrawal and depend on it; it can no longer be taken back.`,
      { dependent_matches: sorted.map((match) => ({ id: match.id, number: match.number })) },
    );
  }
}

/** Check-in is required and fewer than 2 checked in. */
export class NotEnoughCheckedInError extends ConflictError {
  constructor(checkedIn: number, registered: number) {
    super(
      'not_enough_participants',
      `Check-in is required and only ${checkedIn} of ${registered} participants checked in; a tournament needs at least 2 to start.`,
      { participant_count: checkedIn, registered_count: registered, check_in_required: true },
    );
  }
}
