import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROBLEM_KINDS } from '../src/shared/http/problem';
import { RouteTable } from '../src/shared/http/route-table';
import type { LightMyRequestResponse } from 'fastify';
import {
  HeaderObject,
  HTTP_METHODS,
  HttpMethod,
  isReference,
  OpenApiDocument,
  resolveRef,
  ResponseObject,
  SchemaObject,
  unresolvedRefs,
} from '../src/docs/openapi-types';
import { createPremiumAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

describe('API documentation: /api/v1/openapi.json and /docs', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  let page: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    document = (await testApp.http.get('/api/v1/openapi.json')).json();
    page = (await testApp.http.get('/docs')).body;
  });

  afterAll(() => testApp.close());

  /** `METHOD /path/{param}` for every route the server registered, and for every documented operation. */
  function serverRoutes(): string[] {
    return testApp.app
      .get(RouteTable)
      .list()
      .map(({ method, url }) => `${method} ${url}`);
  }

  function documentedOperations(): string[] {
    return Object.entries(document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  describe('the OpenAPI document', () => {
    it('is served without a token, as cacheable JSON', async () => {
      const response = await testApp.http.get('/api/v1/openapi.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(document.openapi).toBe('3.1.0');
      expect(document.info.version).toBe(JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version);
    });

    it('has no $ref pointing at a missing component', () => {
      expect(unresolvedRefs(document)).toEqual([]);
    });

    it('documents every API route the server serves', () => {
      // Browser pages (the account settings site) are not part of the JSON API this document describes.
      const apiRoutes = serverRoutes().filter((route) => /^\w+ \/(api|health|docs)(\/|$)/.test(route));
      expect(apiRoutes.length).toBeGreaterThan(0);
      const documented = new Set(documentedOperations());
      expect(apiRoutes.filter((route) => !documented.has(route))).toEqual([]);
    });

    it('describes only operations the server serves', () => {
      const served = new Set(serverRoutes());
      expect(documentedOperations().filter((operation) => !served.has(operation))).toEqual([]);
    });

    it('describes the problem codes the server can send and the shape it sends them in', async () => {
      const problem = document.components.schemas.Problem;
      expect(problem.properties?.code.enum).toEqual(Object.keys(PROBLEM_KINDS));
      const body = expectProblem(await testApp.http.get('/api/v1/no-such-thing'), 404, 'not_found');
      expect(Object.keys(body)).toEqual(expect.arrayContaining(problem.required ?? []));
    });

    it('describes what the health probes answer', async () => {
      const ready = (await testApp.http.get('/health/ready')).json();
      const schema = document.components.schemas.HealthReady;
      expect(Object.keys(ready).sort()).toEqual([...(schema.required ?? [])].sort());
      expect(Object.keys(ready.checks).sort()).toEqual([...((schema.properties?.checks as SchemaObject).required ?? [])].sort());
    });

    it('needs a token everywhere except the health probes and the docs', () => {
      for (const [path, item] of Object.entries(document.paths)) {
        const shouldBeOpen = !path.startsWith('/api/') || path === '/api/v1/openapi.json';
        for (const method of HTTP_METHODS.filter((name) => item[name])) {
          const security = item[method]!.security ?? document.security;
          expect({ operation: `${method} ${path}`, open: security.length === 0 }).toEqual({ operation: `${method} ${path}`, open: shouldBeOpen });
        }
      }
    });
  });

  describe('what the server sends', () => {
    function deref<T extends object>(value: T | { $ref: string }): T {
      return (isReference(value) ? resolveRef(document, value.$ref) : value) as T;
    }

    function documentedResponse(path: string, method: HttpMethod, status: number): ResponseObject {
      const response = document.paths[path]?.[method]?.responses[String(status)];
      if (!response) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
      return deref<ResponseObject>(response);
    }

    /** The status is documented for the operation, every header marked required is there, and so is every field the schema requires. */
    function expectDocumented(response: LightMyRequestResponse, path: string, method: HttpMethod): number {
      const documented = documentedResponse(path, method, response.statusCode);
      const headers = Object.entries(documented.headers ?? {}).map(([name, header]) => [name, deref<HeaderObject>(header)] as const);
      const missingHeaders = headers.filter(([name, header]) => header.required && response.headers[name.toLowerCase()] === undefined).map(([name]) => name);
      expect({ path, status: response.statusCode, missingHeaders }).toEqual({ path, status: response.statusCode, missingHeaders: [] });
      const [mediaType, media] = Object.entries(documented.content ?? {})[0] ?? [];
      if (!media) {
        expect(response.body).toBe('');
      } else {
        expect(response.headers['content-type']).toContain(mediaType);
        expect(Object.keys(response.json())).toEqual(expect.arrayContaining(deref<SchemaObject>(media.schema).required ?? []));
        // A problem's code is one the documented response names.
        if (media.examples) expect(Object.keys(media.examples)).toContain(response.json().code);
      }
      return response.statusCode;
    }

    it('answers tournament and league requests as documented', async () => {
      const { token } = await createPremiumAccount(testApp);
      const league = await testApp.http.post('/api/v1/leagues', { name: 'City League', season: '2026 Spring' }, { token });
      expectDocumented(league, '/api/v1/leagues', 'post');
      const created = await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', league_id: league.json().id }, { token });
      expectDocumented(created, '/api/v1/tournaments', 'post');
      expect(Object.keys(created.json()).sort()).toEqual(Object.keys(document.components.schemas.Tournament.properties ?? {}).sort());
      expect(Object.keys(league.json()).sort()).toEqual(Object.keys(document.components.schemas.League.properties ?? {}).sort());

      const item = `/api/v1/tournaments/${created.json().id}`;
      const statuses = [
        expectDocumented(await testApp.http.get(item, { token }), '/api/v1/tournaments/{id}', 'get'),
        expectDocumented(await testApp.http.get(item, { token, headers: { 'if-none-match': String(created.headers.etag) } }), '/api/v1/tournaments/{id}', 'get'),
        expectDocumented(await testApp.http.patch(item, { status: 'completed' }, { token }), '/api/v1/tournaments/{id}', 'patch'),
        expectDocumented(await testApp.http.patch(item, { name: 'Cup 2' }, { token, headers: { 'if-match': '"v999"' } }), '/api/v1/tournaments/{id}', 'patch'),
        expectDocumented(await testApp.http.patch(item, { name: 'Cup 2', id: 'x' }, { token }), '/api/v1/tournaments/{id}', 'patch'),
        expectDocumented(await testApp.http.get('/api/v1/tournaments?limit=1', { token }), '/api/v1/tournaments', 'get'),
        expectDocumented(await testApp.http.get('/api/v1/leagues?limit=0', { token }), '/api/v1/leagues', 'get'),
        expectDocumented(await testApp.http.delete(`/api/v1/leagues/${league.json().id}`, { token }), '/api/v1/leagues/{id}', 'delete'),
        expectDocumented(await testApp.http.delete(item, { token }), '/api/v1/tournaments/{id}', 'delete'),
        expectDocumented(await testApp.http.get(item, { token }), '/api/v1/tournaments/{id}', 'get'),
        expectDocumented(await testApp.http.get('/api/v1/tournaments'), '/api/v1/tournaments', 'get'),
      ];
      expect(statuses).toEqual([200, 304, 409, 412, 422, 200, 400, 409, 204, 404, 401]);
    });
  });

  describe('the /docs page', () => {
    it('is self-contained HTML served without a token', async () => {
      const response = await testApp.http.get('/docs');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).not.toMatch(/<script/i);
      expect(page).not.toMatch(/<link[^>]+stylesheet/i);
      expect(page).not.toMatch(/(?:src|href|action)\s*=\s*["']?\s*(?:https?:)?\/\//i);
      expect(page).not.toMatch(/url\(\s*["']?\s*(?:https?:)?\/\//i);
      expect(page).not.toMatch(/@import/i);
    });

    it('explains every problem code where its type URI points', () => {
      for (const code of Object.keys(PROBLEM_KINDS)) expect(page).toContain(`id="problem-${code}"`);
    });

    it('has a section for every operation and schema in the document', () => {
      for (const operationId of Object.values(document.paths).flatMap((item) => HTTP_METHODS.map((method) => item[method]?.operationId))) {
        if (operationId) expect(page).toContain(`id="op-${operationId}"`);
      }
      for (const name of Object.keys(document.components.schemas)) expect(page).toContain(`id="schema-${name}"`);
    });

    it('tells how to get a token and how to send it', () => {
      expect(page).toContain('Generate Token');
      expect(page).toContain('node dist/cli.js token:generate --email');
      expect(page).toContain('Authorization: Bearer $API_TOKEN');
      expect(page).toContain('Content-Type: application/json');
    });
  });
});
