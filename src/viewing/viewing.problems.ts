import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the viewing module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const VIEWING_PROBLEM_KINDS = registerProblemKinds({
  viewer_streams_exceeded: {
    status: 429,
    title: 'Too many viewer streams',
    guide: 'Your address already has as many live viewer streams open as it may (`scope`: `address`, `PUBLIC_STREAMS_PER_ADDRESS`, 20 by default), or the server holds as many as it takes (`scope`: `instance`, `PUBLIC_STREAMS_PER_INSTANCE`). Close a page or tab that follows a share link, or retry after `Retry-After` seconds; the page itself works without its live stream.',
  },
});
