import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the matches module raises; registered on import by its Nest module and its OpenAPI file. */
export const MATCHES_PROBLEM_KINDS = registerProblemKinds({
  not_enough_participants: { status: 409, title: 'Not enough participants' },
  match_not_ready: { status: 409, title: 'Match not ready' },
  dependent_matches_reported: { status: 409, title: 'Dependent matches reported' },
  matches_pending: { status: 409, title: 'Matches pending' },
  tournament_completed: { status: 409, title: 'Tournament completed' },
  tournament_not_running: { status: 409, title: 'Tournament not running' },
  draw_not_allowed: { status: 422, title: 'Draw not allowed' },
  too_many_stations: { status: 422, title: 'Too many stations' },
  schedule_conflict: { status: 409, title: 'Schedule conflict' },
});
