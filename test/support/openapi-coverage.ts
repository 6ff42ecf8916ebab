import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject, OperationObject, PathItemObject } from 'openapi3-ts/oas31';

/**
 * The contract check: every (method, route template, status) an e2e test app answers is written to a file of its
 * jest worker, and the run's global teardown fails when the OpenAPI document lacks one of them. It compares only
 * what was answered, so a run of a few files checks what they saw and cannot fail for what they did not run.
 */
export const COVERAGE_DIR_VARIABLE = 'TEST_OPENAPI_COVERAGE_DIR';

export interface AnsweredOperation {
  method: string;
  /** As OpenAPI writes it: `/api/v1/tournaments/{id}`. */
  path: string;
  status: number;
}

/** What this document describes: the JSON API, the health probes and the docs (the account pages are HTML for people). */
const DOCUMENTED_SCOPE = /^\/(api|health|docs)(\/|$)/;

/** Appends each (method, route, status) this test app answers, once per test file, to this worker's file. */
export function recordAnsweredOperations(fastify: FastifyInstance, directory = process.env[COVERAGE_DIR_VARIABLE]): void {
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `worker-${process.env.JEST_WORKER_ID ?? '0'}-${process.pid}.jsonl`);
  const seen = new Set<string>();
  fastify.addHook('onResponse', (request, reply, done) => {
    // A request no route matched has no template: the 404 and 405 it gets are the same for every path.
    const template = request.routeOptions.url;
    if (template !== undefined) {
      const answered: AnsweredOperation = { method: request.method, path: openApiPath(template), status: reply.statusCode };
      const key = JSON.stringify(answered);
      if (!seen.has(key)) {
        seen.add(key);
        appendFileSync(file, `${key}\n`);
      }
    }
    done();
  });
}

/** Every operation answered in the run, from all workers' files, without repeats. */
export function readAnsweredOperations(directory: string): AnsweredOperation[] {
  let files: string[];
  try {
    files = readdirSync(directory).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const lines = new Set(files.flatMap((name) => readFileSync(join(directory, name), 'utf8').split('\n').filter(Boolean)));
  return [...lines].map((line) => JSON.parse(line) as AnsweredOperation);
}

/** Reads and removes the run's records; throws, listing them, when the document lacks any answered operation. */
export function checkOpenApiCoverage(directory: string, document: OpenAPIObject): void {
  const answered = readAnsweredOperations(directory);
  rmSync(directory, { recursive: true, force: true });
  const missing = undocumentedOperations(document, answered);
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests saw ${missing.length} answer(s) the OpenAPI document does not describe (method, route, status); ` +
        `document them in the owning module's *.openapi.ts:\n  ${missing.join('\n  ')}`,
    );
  }
}

/** `METHOD /path status` for each answered operation the document does not describe, sorted. */
export function undocumentedOperations(document: OpenAPIObject, answered: AnsweredOperation[]): string[] {
  const missing = new Set<string>();
  for (const { method, path, status } of answered) {
    if (!DOCUMENTED_SCOPE.test(path) && !document.paths?.[path]) continue;
    const operation = (document.paths?.[path] as PathItemObject | undefined)?.[method.toLowerCase() as 'get'] as OperationObject | undefined;
    // Only exact statuses count: a range or `default` would document any status a change adds.
    if (operation?.responses?.[String(status)] === undefined) missing.add(`${method} ${path} ${status}`);
  }
  return [...missing].sort();
}

function openApiPath(template: string): string {
  const path = template.replace(/\/:([^/]+)/g, '/{$1}');
  // Fastify registers a route also with a trailing slash; the document names it once.
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
