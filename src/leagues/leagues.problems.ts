import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the leagues module raises; registered on import by its Nest module and its OpenAPI file. */
export const LEAGUES_PROBLEM_KINDS = registerProblemKinds({
  league_not_empty: { status: 409, title: 'League not empty' },
  league_closed: { status: 409, title: 'League closed' },
  league_not_rated: { status: 409, title: 'League not rated' },
});
