import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { problemCodes } from '../src/platform/http/problem';
import '../src/docs/openapi';
import { RouteTable } from '../src/platform/http/route-table';
import type { LightMyRequestResponse } from 'fastify';
import type { HeaderObject, OpenAPIObject as OpenApiDocument, OperationObject, PathItemObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { HTTP_METHODS, HttpMethod } from '../src/platform/openapi/openapi-document';
import { deref as derefIn } from '../src/platform/openapi/refs';
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

  function schema(name: string): SchemaObject {
    return document.components?.schemas?.[name] as SchemaObject;
  }

  /** `METHOD /path/{param}` for every route the server registered, and for every documented operation. */
  function serverRoutes(): string[] {
    return testApp.app
      .get(RouteTable)
      .list()
      .map(({ method, url }) => `${method} ${url}`);
  }

  function documentedOperations(): string[] {
    // HEAD is documented beside every GET; Fastify serves it implicitly, so the route table leaves it out.
    return Object.entries(document.paths as Record<string, PathItemObject>).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => method !== 'head' && item[method]).map((method) => `${method.toUpperCase()} ${path}`),
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
      const problem = schema('Problem');
      expect(problemCodes()).toEqual(expect.arrayContaining((problem.properties?.code as SchemaObject).enum ?? []));
      const body = expectProblem(await testApp.http.get('/api/v1/no-such-thing'), 404, 'not_found');
      expect(Object.keys(body)).toEqual(expect.arrayContaining(problem.required ?? []));
    });

    it('describes what the health probes answer', async () => {
      const ready = (await testApp.http.get('/health/ready')).json();
      const healthReady = schema('HealthReady');
      expect(Object.keys(ready).sort()).toEqual([...(healthReady.required ?? [])].sort());
      expect(Object.keys(ready.checks).sort()).toEqual([...((healthReady.properties?.checks as SchemaObject).required ?? [])].sort());
    });

    it('needs a token everywhere except the health probes and the docs', () => {
      for (const [path, item] of Object.entries(document.paths as Record<string, PathItemObject>)) {
        const shouldBeOpen = !path.startsWith('/api/') || path === '/api/v1/openapi.json';
        for (const method of HTTP_METHODS.filter((name) => item[name])) {
          const security = (item[method] as OperationObject).security ?? document.security ?? [];
          expect({ operation: `${method} ${path}`, open: security.length === 0 }).toEqual({ operation: `${method} ${path}`, open: shouldBeOpen });
        }
      }
    });
  });

  describe('what the server sends', () => {
    function deref<T extends object>(value: T | { $ref: string }): T {
      return derefIn<T>(document, value);
    }

    function documentedResponse(path: string, method: HttpMethod, status: number): ResponseObject {
      const response = (document.paths?.[path]?.[method] as OperationObject | undefined)?.responses?.[String(status)];
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
        // The body has every field its documented shape requires; an answer documented as oneOf has one of the shapes.
        const schema = deref<SchemaObject>(media.schema!);
        const keys = Object.keys(response.json());
        const shapes = (schema.oneOf ?? [schema]).map((shape) => deref<SchemaObject>(shape));
        const fitting = shapes.filter((shape) => (shape.required ?? []).every((field) => keys.includes(field)));
        expect({ path, status: response.statusCode, fitting: fitting.length }).toEqual({ path, status: response.statusCode, fitting: 1 });
        // A problem's code is one the documented response names.
        if (media.examples && mediaType === 'application/problem+json') expect(Object.keys(media.examples)).toContain(response.json().code);
      }
      return response.statusCode;
    }

    it('answers tournament and league requests as documented', async () => {
      const { token } = await createPremiumAccount(testApp);
      const league = await testApp.http.post('/api/v1/leagues', { name: 'City League', season: '2026 Spring' }, { token });
      expectDocumented(league, '/api/v1/leagues', 'post');
      const created = await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', league_id: league.json().id }, { token });
      expectDocumented(created, '/api/v1/tournaments', 'post');
      expect(Object.keys(created.json()).sort()).toEqual(Object.keys(schema('Tournament').properties ?? {}).sort());
      expect(Object.keys(league.json()).sort()).toEqual(Object.keys(schema('League').properties ?? {}).sort());

      const item = `/api/v1/tournaments/${created.json().id}`;
      const statuses = [
        expectDocumented(await testApp.http.get(item, { token }), '/api/v1/tournaments/{id}', 'get'),
        expectDocumented(await testApp.http.get(item, { token, headers: { 'if-none-match': String(created.headers.etag) } }), '/api/v1/tournaments/{id}', 'get'),
        expectDocumented(await testApp.http.request('HEAD', item, { token }), '/api/v1/tournaments/{id}', 'head'),
        expectDocumented(await testApp.http.request('PUT', item, { token, body: {} }), '/api/v1/tournaments/{id}', 'get'),
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
      expect(statuses).toEqual([200, 304, 200, 405, 409, 412, 422, 200, 400, 409, 204, 404, 401]);
    });

    it('answers participant requests as documented', async () => {
      const { token } = await createPremiumAccount(testApp);
      const tournament = (await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', max_participants: 2 }, { token })).json();
      const collection = '/api/v1/tournaments/{id}/participants';
      const base = `/api/v1/tournaments/${tournament.id}/participants`;
      const created = await testApp.http.post(base, { name: 'Ada', seed: 1 }, { token });
      expectDocumented(created, collection, 'post');
      expect(Object.keys(created.json()).sort()).toEqual(Object.keys(schema('Participant').properties ?? {}).sort());
      const itemPath = `${collection}/{participant_id}`;
      const item = `${base}/${created.json().id}`;
      const statuses = [
        expectDocumented(await testApp.http.post(base, { name: 'ADA' }, { token }), collection, 'post'),
        expectDocumented(await testApp.http.post(`${base}/bulk`, { participants: [{ name: 'Bob' }] }, { token }), `${collection}/bulk`, 'post'),
        expectDocumented(await testApp.http.post(`${base}/bulk`, { participants: [{ name: 'Cy' }] }, { token }), `${collection}/bulk`, 'post'),
        expectDocumented(await testApp.http.post(`${base}/bulk`, { participants: [{ name: '' }] }, { token }), `${collection}/bulk`, 'post'),
        expectDocumented(await testApp.http.get(`${base}?limit=1`, { token }), collection, 'get'),
        expectDocumented(await testApp.http.get(`${base}?sort=rank`, { token }), collection, 'get'),
        expectDocumented(await testApp.http.get(item, { token }), itemPath, 'get'),
        expectDocumented(await testApp.http.patch(item, { seed: 3 }, { token, headers: { 'if-match': '"v9"' } }), itemPath, 'patch'),
        expectDocumented(await testApp.http.patch(item, { seed: 3 }, { token }), itemPath, 'patch'),
        expectDocumented(await testApp.http.delete(item, { token }), itemPath, 'delete'),
        expectDocumented(await testApp.http.get(item, { token }), itemPath, 'get'),
      ];
      expect(statuses).toEqual([409, 201, 409, 422, 200, 400, 200, 412, 200, 204, 404]);
    });

    it('answers match and standings requests as documented', async () => {
      const { token } = await createPremiumAccount(testApp);
      const tournament = (await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'single_elimination' }, { token })).json();
      const base = `/api/v1/tournaments/${tournament.id}`;
      const participants = [{ name: 'Ada' }, { name: 'Bob' }, { name: 'Cy' }, { name: 'Di' }];
      expect((await testApp.http.post(`${base}/participants/bulk`, { participants }, { token })).statusCode).toBe(201);
      expectDocumented(await testApp.http.patch(base, { status: 'in_progress' }, { token }), '/api/v1/tournaments/{id}', 'patch');
      const list = await testApp.http.get(`${base}/matches`, { token });
      expectDocumented(list, '/api/v1/tournaments/{id}/matches', 'get');
      const [first, , final] = list.json().data;
      expect(Object.keys(first).sort()).toEqual(Object.keys(schema('Match').properties ?? {}).sort());
      const itemPath = '/api/v1/tournaments/{id}/matches/{match_id}';
      const statuses = [
        expectDocumented(await testApp.http.get(`${base}/matches/${first.id}`, { token }), itemPath, 'get'),
        expectDocumented(await testApp.http.get(`${base}/matches/${first.id}`, { token, headers: { 'if-none-match': '"v1"' } }), itemPath, 'get'),
        expectDocumented(await testApp.http.patch(`${base}/matches/${final.id}`, { scores: [1, 0] }, { token }), itemPath, 'patch'),
        expectDocumented(await testApp.http.patch(`${base}/matches/${first.id}`, { scores: [1, 1] }, { token }), itemPath, 'patch'),
        expectDocumented(await testApp.http.post(`${base}/matches/${first.id}/preview`, { scores: [1, 0] }, { token }), `${itemPath}/preview`, 'post'),
        expectDocumented(await testApp.http.patch(`${base}/matches/${first.id}`, { scores: [1, 0] }, { token }), itemPath, 'patch'),
        expectDocumented(await testApp.http.patch(`${base}/matches/${first.id}`, { scores: [0, 1] }, { token, headers: { 'if-match': '"v1"' } }), itemPath, 'patch'),
        expectDocumented(await testApp.http.patch(`${base}/matches/${first.id}?dry_run=yes`, { scores: [1, 0] }, { token }), itemPath, 'patch'),
        expectDocumented(await testApp.http.get(`${base}/matches?round=x`, { token }), '/api/v1/tournaments/{id}/matches', 'get'),
        expectDocumented(await testApp.http.get(`${base}/matches/${tournament.id}`, { token }), itemPath, 'get'),
        expectDocumented(await testApp.http.get(`${base}/standings`, { token }), '/api/v1/tournaments/{id}/standings', 'get'),
        expectDocumented(await testApp.http.patch(base, { status: 'completed' }, { token }), '/api/v1/tournaments/{id}', 'patch'),
      ];
      expect(statuses).toEqual([200, 304, 409, 422, 200, 200, 412, 400, 400, 404, 200, 409]);

      // The deprecated dry run answers what the PATCH documents for it: the preview, field for field.
      const second = list.json().data[1];
      const dryRun = await testApp.http.patch(`${base}/matches/${second.id}?dry_run=true`, { scores: [1, 0] }, { token });
      expect(expectDocumented(dryRun, itemPath, 'patch')).toBe(200);
      const answers = (documentedResponse(itemPath, 'patch', 200).content!['application/json'].schema as SchemaObject).oneOf!;
      expect(answers).toContainEqual({ $ref: '#/components/schemas/MatchReportPreview' });
      expect(Object.keys(dryRun.json()).sort()).toEqual(Object.keys(schema('MatchReportPreview').properties ?? {}).sort());
      expect(Object.keys(dryRun.json().match).sort()).toEqual(Object.keys(schema('Match').properties ?? {}).sort());
      expect(Object.keys(dryRun.json().standings[0]).sort()).toEqual(Object.keys(schema('StandingRow').properties ?? {}).sort());
      const standings = (await testApp.http.get(`${base}/standings`, { token })).json().data;
      expect(Object.keys(standings[0]).sort()).toEqual(Object.keys(schema('StandingRow').properties ?? {}).sort());
    });
  });

  describe('the /docs page', () => {
    it('is self-contained HTML served without a token', async () => {
      const response = await testApp.http.get('/docs');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page).toMatch(/^<!doctype html>/);
      // One inline script (the search box), allowed by its hash and nothing else.
      const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.map(([, attributes]) => attributes)).toEqual(['']);
      const hash = createHash('sha256').update(scripts[0][2], 'utf8').digest('base64');
      expect(response.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}';`);
      expect(page).not.toMatch(/<link[^>]+stylesheet/i);
      expect(page).not.toMatch(/(?:src|href|action)\s*=\s*["']?\s*(?:https?:)?\/\//i);
      expect(page).not.toMatch(/url\(\s*["']?\s*(?:https?:)?\/\//i);
      expect(page).not.toMatch(/@import/i);
    });

    it('explains every problem code where its type URI points', () => {
      for (const code of problemCodes()) expect(page).toContain(`id="problem-${code}"`);
    });

    it('lets the search box find an error by its status code or its code (issue 42)', () => {
      // The search matches every term against each entry's data-search label.
      const label = (code: string) => new RegExp(`id="problem-${code}" data-search="([^"]*)"`).exec(page)?.[1] ?? '';
      expect(label('not_shared')).toMatch(/\b409\b/);
      expect(label('not_shared')).toContain('not_shared');
      expect(label('viewer_streams_exceeded')).toMatch(/\b429\b/);
      expect(label('validation_failed')).toMatch(/\b422\b/);
    });

    it('has a section for every operation and schema in the document', () => {
      const operationIds = Object.values(document.paths as Record<string, PathItemObject>).flatMap((item) =>
        HTTP_METHODS.filter((method) => method !== 'head').map((method) => (item[method] as OperationObject | undefined)?.operationId),
      );
      for (const operationId of operationIds) if (operationId) expect(page).toContain(`id="op-${operationId}"`);
      for (const name of Object.keys(document.components?.schemas ?? {})) expect(page).toContain(`id="schema-${name}"`);
    });

    it('keeps the table of contents to one short list, and shows each endpoint with a request and a response sample', () => {
      const navigation = page.slice(page.indexOf('<nav'), page.indexOf('</nav>'));
      expect(navigation.match(/<a /g)?.length).toBeLessThanOrEqual(12);
      const articles = page.split('<article class="operation"').slice(1);
      expect(articles.length).toBeGreaterThan(0);
      for (const article of articles) expect([article.includes('Request sample'), article.includes('Response sample')]).toEqual([true, true]);
    });

    it('lists the errors every authenticated endpoint shares once, not on each endpoint', () => {
      expect(page).toContain('id="common-errors"');
      const createTournament = page.slice(page.indexOf('id="op-createTournament"'), page.indexOf('</article>', page.indexOf('id="op-createTournament"')));
      expect(createTournament).not.toMatch(/class="status s4">(401|403|405|429)</);
      expect(createTournament).not.toMatch(/class="status s5">/);
    });

    it('tells how to get a token and how to send it', () => {
      expect(page).toContain('Generate Token');
      expect(page).toContain('<a href="/account/signup">');
      // The customer's way in (the operators' command line is for the changelog and the runbook).
      const start = page.indexOf('<section id="quick-start">');
      const customerPart = page.slice(start, page.indexOf('<section id="conventions">'));
      expect(customerPart).toContain('id="walkthrough"');
      expect(customerPart).not.toContain('node dist/cli.js');
      expect(page).toContain('Authorization: Bearer $API_TOKEN');
      expect(page).toContain('Content-Type: application/json');
    });
  });
});
