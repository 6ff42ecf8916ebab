import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULES } from '../../src/modules';
import { buildOpenApiDocument } from '../../src/docs/openapi';
import { createPremiumAccount } from '../support/accounts';
import { startReadyServer } from '../support/built-server';
import { AnsweredOperation, checkOpenApiCoverage, COVERAGE_DIR_VARIABLE, readAnsweredOperations, undocumentedOperations } from '../support/openapi-coverage';
import { freePorts } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';

/** The contract check the e2e run ends with: what the test apps answered, against the OpenAPI document. */
describe('OpenAPI coverage of what the e2e tests see', () => {
  const document = buildOpenApiDocument({ version: '0.0.0', rateLimitPerMinute: 60 }, MODULES);

  describe('a test app', () => {
    let testApp: TestApp;
    let directory: string;
    const previous = process.env[COVERAGE_DIR_VARIABLE];

    beforeAll(async () => {
      // A folder of this file's own, so the run's records (which the teardown checks) stay as they are.
      directory = mkdtempSync(join(tmpdir(), 'openapi-coverage-spec-'));
      process.env[COVERAGE_DIR_VARIABLE] = directory;
      testApp = await startTestApp();
      process.env[COVERAGE_DIR_VARIABLE] = previous;
    });

    afterAll(async () => {
      await testApp.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('records each method, route template and status it answers once, in a file of its jest worker', async () => {
      const { token } = await createPremiumAccount(testApp);
      const id = '00000000-0000-4000-8000-000000000000';
      for (let i = 0; i < 3; i++) await testApp.http.get(`/api/v1/tournaments/${id}`, { token });
      await testApp.http.request('HEAD', '/health/live');
      await testApp.http.get('/api/v1/no-such-route', { token });

      expect(readdirSync(directory)).toEqual([`worker-${process.env.JEST_WORKER_ID ?? '0'}-${process.pid}.jsonl`]);
      const answered = readAnsweredOperations(directory);
      expect(answered).toEqual(
        expect.arrayContaining([
          { method: 'GET', path: '/api/v1/tournaments/{id}', status: 404 },
          { method: 'HEAD', path: '/health/live', status: 200 },
        ]),
      );
      expect(answered.filter(({ path }) => path === '/api/v1/tournaments/{id}')).toHaveLength(1);
      // A path no route matched has no template to document.
      expect(answered.filter(({ path }) => path.includes('no-such-route'))).toEqual([]);
    });
  });

  it('records what a built server (node dist/main.js) answers, through the preload the test helpers start it with', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'openapi-coverage-server-'));
    const [port] = await freePorts(1);
    const server = await startReadyServer(port, { [COVERAGE_DIR_VARIABLE]: directory });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
      expect(readdirSync(directory)).toEqual([`server-${server.child.pid}.jsonl`]);
      expect(readAnsweredOperations(directory)).toEqual(expect.arrayContaining([{ method: 'GET', path: '/health/live', status: 200 }]));
    } finally {
      await server.stop('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  }, 30_000);

  describe('the comparison', () => {
    it('lists an answered status the operation does not document, and an undocumented API route', () => {
      const answered: AnsweredOperation[] = [
        { method: 'GET', path: '/api/v1/tournaments/{id}', status: 200 },
        { method: 'GET', path: '/api/v1/tournaments/{id}', status: 418 },
        { method: 'PUT', path: '/api/v1/tournaments/{id}', status: 200 },
        { method: 'GET', path: '/api/v1/nowhere', status: 200 },
        { method: 'GET', path: '/health/live', status: 200 },
      ];
      expect(undocumentedOperations(document, answered)).toEqual(['GET /api/v1/nowhere 200', 'GET /api/v1/tournaments/{id} 418', 'PUT /api/v1/tournaments/{id} 200']);
    });

    it('leaves out the account pages, which are HTML for people and not part of the API', () => {
      expect(undocumentedOperations(document, [{ method: 'POST', path: '/account/login', status: 303 }])).toEqual([]);
    });

    it('fails the run listing every undocumented pair from every worker file, and clears the records', () => {
      const directory = mkdtempSync(join(tmpdir(), 'openapi-coverage-check-'));
      try {
        writeFileSync(join(directory, 'worker-1-100.jsonl'), `${JSON.stringify({ method: 'GET', path: '/api/v1/tournaments/{id}', status: 200 })}\n`);
        writeFileSync(
          join(directory, 'worker-2-200.jsonl'),
          [
            { method: 'DELETE', path: '/api/v1/tournaments/{id}', status: 418 },
            { method: 'DELETE', path: '/api/v1/tournaments/{id}', status: 418 },
            { method: 'POST', path: '/api/v1/leagues', status: 299 },
          ]
            .map((answered) => `${JSON.stringify(answered)}\n`)
            .join(''),
        );
        expect(() => checkOpenApiCoverage(directory, document)).toThrow(
          /2 answer\(s\)[\s\S]*\n {2}DELETE \/api\/v1\/tournaments\/\{id\} 418\n {2}POST \/api\/v1\/leagues 299$/,
        );
        expect(readAnsweredOperations(directory)).toEqual([]);
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });

    it('passes when every answered pair is documented, and when the run recorded nothing', () => {
      const directory = mkdtempSync(join(tmpdir(), 'openapi-coverage-check-'));
      try {
        writeFileSync(join(directory, 'worker-1-100.jsonl'), `${JSON.stringify({ method: 'GET', path: '/api/v1/tournaments/{id}', status: 404 })}\n`);
        expect(() => checkOpenApiCoverage(directory, document)).not.toThrow();
        expect(() => checkOpenApiCoverage(join(directory, 'absent'), document)).not.toThrow();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
});
