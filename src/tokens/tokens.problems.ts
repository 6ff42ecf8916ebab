import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the accounts module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const TOKENS_PROBLEM_KINDS = registerProblemKinds({
  email_taken: {
    status: 409,
    title: 'Email taken',
    guide: 'An account with this email address already exists (sign-up and the admin command line). Sign in, or use another address.',
  },
});
