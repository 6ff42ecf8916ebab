import { ConflictError, InvalidError, NotFoundError } from '../../kernel/domain-error';
import { InvalidTransitionError } from '../../kernel/state-machine';
import type { LeagueStatus } from './league-status';

export class LeagueNotFoundError extends NotFoundError {
  constructor() {
    super('The league');
  }
}

export class InvalidLeagueTransitionError extends InvalidTransitionError<LeagueStatus> {
  constructor(from: LeagueStatus, to: LeagueStatus, allowed: readonly LeagueStatus[]) {
    super(`${anA(from)} league`, from, to, allowed);
  }
}

/** Tournaments still reference the league: it is never deleted out from under them, nor they with it. */
export class LeagueNotEmptyError extends ConflictError {
  constructor(tournamentCount?: number) {
    const what = tournamentCount === undefined ? 'tournaments' : `${tournamentCount} tournament${tournamentCount === 1 ? '' : 's'}`;
    super('league_not_empty', `The league still has ${what}. Detach or delete them first; nothing is deleted implicitly.`);
  }
}

/** A tournament named a league that is completed or archived. */
export class LeagueClosedError extends ConflictError {
  constructor(status: LeagueStatus) {
    super('league_closed', `The league is ${status}; only draft or active leagues accept tournaments.`, { league_status: status });
  }
}

/** A tournament named a league that does not exist or belongs to another account (the caller cannot tell which). */
export class UnknownLeagueError extends InvalidError {
  constructor() {
    super([{ pointer: '/league_id', detail: 'must name one of your leagues.' }]);
  }
}

function anA(status: LeagueStatus): string {
  return `${/^[aeiou]/.test(status) ? 'An' : 'A'} ${status}`;
}

/** Ratings were asked of a league whose `rating` is null. */
export class LeagueNotRatedError extends ConflictError {
  constructor() {
    super('league_not_rated', 'The league rates no players: set its `rating` (for example `{ "model": "openskill" }`) first.');
  }
}

/** A player key the league's ratings do not know. */
export class RatedPlayerNotFoundError extends NotFoundError {
  constructor() {
    super('The rated player');
  }
}
