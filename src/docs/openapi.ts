import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { InstalledModules, ModuleManifest } from '../platform/module-manifest';
import { ApiDocs, publicOperation } from '../platform/openapi/openapi-kit';
import { buildDocument } from '../platform/openapi/openapi-document';
import { problemGuide } from './problem-guide';

/**
 * The OpenAPI 3.1 document, collected from each module's manifest (its `apiDocs`, written in its `*.openapi.ts`),
 * in the order of the list of modules; /api/v1/openapi.json serves the result and /docs is rendered from it.
 */
export interface OpenApiOptions {
  version: string;
  rateLimitPerMinute: number;
}

/** The seed's steps for getting a token, shared by the document and the /docs page. */
export const TOKEN_STEPS = [
  'Sign up at `/account/signup` with your email and a password of at least 12 characters.',
  'On your account settings page (`/account`), choose Subscribe to premium in the Plan section: API access requires it.',
  'In the API Token section, choose Generate Token.',
  'Copy the token (it starts with `tlm_`) and store it somewhere safe: it is shown exactly once.',
] as const;

export const TOKEN_NOTES = [
  'A lost token cannot be recovered: generate a new one instead.',
  'Generating a new token invalidates the previous one at once: requests using the old token get 401 `invalid_token`.',
  'The token is a secret: do not share it, commit it or put it in a URL.',
] as const;

function description(rateLimitPerMinute: number): string {
  return [
    'List, read, create, update and delete your tournaments and leagues, register participants in your tournaments, and run them: ' +
      'starting a tournament generates its matches, reported results move players on, and standings explain every tiebreak.',
    '**API access requires the premium plan.** Every request under `/api/v1` carries your API token as a bearer token ' +
      '(`Authorization: Bearer <API_TOKEN>`) and `Content-Type: application/json`.',
    'To get a token:',
    TOKEN_STEPS.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    TOKEN_NOTES.join(' '),
    `Each account may make ${rateLimitPerMinute} requests per minute. Errors are RFC 9457 problem details; ` +
      'their `type` links to an explanation on the human documentation at `/docs`.',
  ].join('\n\n');
}

/** This module's own two routes. */
export function docsApiDocs(): ApiDocs {
  const headers = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
  return {
    tags: [{ name: 'Documentation', description: 'This document and its HTML rendering. No token needed; not rate limited.' }],
    paths: {
      '/api/v1/openapi.json': {
        get: publicOperation({
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          description: 'Generated from the server’s code at start-up; feed it to a client generator such as openapi-typescript.',
          tags: ['Documentation'],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              headers,
              content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' }, example: { openapi: '3.1.0' } } },
            },
          },
        }),
      },
      '/docs': {
        get: publicOperation({
          operationId: 'getDocs',
          summary: 'Human-readable documentation',
          description: 'This document rendered as one self-contained HTML page.',
          tags: ['Documentation'],
          responses: {
            '200': {
              description: 'The documentation page.',
              headers,
              content: { 'text/html': { schema: { type: 'string', maxLength: 1_000_000 }, example: '<!doctype html>…' } },
            },
          },
        }),
      },
    },
  };
}

export function buildOpenApiDocument(options: OpenApiOptions, manifests: readonly ModuleManifest[]): OpenAPIObject {
  const eventTypes = new InstalledModules(manifests).eventTypes();
  const contributions = (key: string) => manifests.flatMap((manifest) => manifest.contributes?.[key] ?? []);
  const context = { rateLimitPerMinute: options.rateLimitPerMinute, eventTypes, contributions };
  return buildDocument(
    {
      title: 'Tournament and League Management API',
      version: options.version,
      description: description(options.rateLimitPerMinute),
      rateLimitPerMinute: options.rateLimitPerMinute,
      problemOrder: Object.keys(problemGuide(manifests)),
    },
    manifests.flatMap((manifest) => manifest.apiDocs?.(context) ?? []),
  );
}
