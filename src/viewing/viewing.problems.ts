import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the viewing module raises; registered on import by its Nest module and its OpenAPI file. */
export const VIEWING_PROBLEM_KINDS = registerProblemKinds({
  viewer_streams_exceeded: { status: 429, title: 'Too many viewer streams' },
});
