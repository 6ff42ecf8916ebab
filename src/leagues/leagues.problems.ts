import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the leagues module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const LEAGUES_PROBLEM_KINDS = registerProblemKinds({
  league_not_empty: {
    status: 409,
    title: 'League not empty',
    guide: 'The league still has tournaments, and nothing is deleted implicitly. Delete them or set their `league_id` to `null` first, then retry.',
  },
  league_closed: {
    status: 409,
    title: 'League closed',
    guide: 'The league is `completed` or `archived`; tournaments can join only `draft` or `active` leagues. Choose another league or none.',
  },
  league_not_rated: {
    status: 409,
    title: 'League not rated',
    guide: 'The league has no `rating` setting, so it has no ratings to show or to seed by. PATCH the league with `{"rating": {"model": "openskill"}}` (or `glicko2`, `elo`); its ratings are then computed from every result already in.',
  },
});
