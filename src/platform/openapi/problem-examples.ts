import type { ExampleObject, HeadersObject, ReferenceObject, ResponseObject } from 'openapi3-ts/oas31';
import { translateError } from '../http/error-translation';
import { PROBLEM_CONTENT_TYPE, problemDocument, problemKind, ProblemResponse } from '../http/problem';

export const EXAMPLE_REQUEST_ID = '0b3e6f5c-2d41-4c8e-9a57-3f1d2e4c6b80';

/**
 * What a documented error response can carry: the very error the server throws
 * (a domain error, or a framework error such as Fastify's body-too-large), or a
 * refusal the HTTP layer builds itself. Each is turned into its problem+json
 * body by the server's own translation, so codes, titles and messages are never
 * copied into the document.
 */
export type ProblemSource = unknown;

function isProblemResponse(source: unknown): source is ProblemResponse {
  return typeof source === 'object' && source !== null && 'code' in source && 'detail' in source && !(source instanceof Error);
}

/** One example per code, keyed by the code (clients and the contract test look them up so). */
export function problemExamples(instance: string, sources: ProblemSource[]): Record<string, ExampleObject> {
  const examples: Record<string, ExampleObject> = {};
  for (const source of sources) {
    const problem = isProblemResponse(source) ? source : translateError(source);
    examples[problem.code] = { summary: problemKind(problem.code).title, value: problemDocument(problem, instance, EXAMPLE_REQUEST_ID) };
  }
  return examples;
}

/** A problem+json response documenting the errors given (see `problemExamples`). */
export function problemResponse(
  description: string,
  instance: string,
  sources: ProblemSource[],
  headers: HeadersObject | Record<string, ReferenceObject>,
): ResponseObject {
  return {
    description,
    headers,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' }, examples: problemExamples(instance, sources) } },
  };
}
