import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the events module raises; registered on import by its Nest module and its OpenAPI file. */
export const EVENTS_PROBLEM_KINDS = registerProblemKinds({
  not_acceptable: { status: 406, title: 'Not acceptable' },
  events_expired: { status: 410, title: 'Events expired' },
  event_streams_exceeded: { status: 429, title: 'Too many event streams' },
});
