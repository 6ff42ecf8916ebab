import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the accounts module raises; registered on import by its Nest module and its OpenAPI file. */
export const TOKENS_PROBLEM_KINDS = registerProblemKinds({
  email_taken: { status: 409, title: 'Email taken' },
});
