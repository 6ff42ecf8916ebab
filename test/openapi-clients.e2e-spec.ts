import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPremiumAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const root = join(__dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const TOOL_TIMEOUT = 180_000;

/** The served document, as tools outside the server see it: a linter, a type generator, a generated client. */
describe('the OpenAPI document, used by tools', () => {
  let testApp: TestApp;
  let workDir: string;
  let documentFile: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    workDir = mkdtempSync(join(tmpdir(), 'openapi-'));
    documentFile = join(workDir, 'openapi.json');
    writeFileSync(documentFile, (await testApp.http.get('/api/v1/openapi.json')).body);
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it(
    'passes spectral:oas and the OWASP API ruleset (.spectral.yaml) with no errors',
    async () => {
      const output = join(workDir, 'lint.json');
      // spectral exits non-zero when it finds errors; the report says which.
      await run(bin('spectral'), ['lint', documentFile, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--output', output, '--fail-severity', 'error'], {
        cwd: root,
        timeout: TOOL_TIMEOUT,
      }).catch((error: { code?: number }) => {
        if (error.code !== 1) throw error;
      });
      const report = JSON.parse(readFileSync(output, 'utf8')) as { code: string; severity: number; message: string; path: string[] }[];
      const errors = report.filter((entry) => entry.severity === 0).map((entry) => `${entry.code} at ${entry.path.join('.')}: ${entry.message}`);
      expect(errors).toEqual([]);
    },
    TOOL_TIMEOUT,
  );

  it(
    'generates TypeScript types (openapi-typescript) that an integrator script using openapi-fetch type-checks against',
    async () => {
      const generated = join(__dirname, 'integrator', 'generated');
      mkdirSync(generated, { recursive: true });
      await run(bin('openapi-typescript'), [documentFile, '--output', join(generated, 'api.d.ts')], { cwd: root, timeout: TOOL_TIMEOUT });
      const typecheck = await run(bin('tsc'), ['-p', join(__dirname, 'integrator', 'tsconfig.json')], { cwd: root, timeout: TOOL_TIMEOUT }).catch(
        (error: { stdout?: string }) => ({ stdout: `tsc failed:\n${error.stdout}` }),
      );
      expect(typecheck.stdout).toBe('');
    },
    TOOL_TIMEOUT,
  );

  it('runs that script against the real server: league, tournament in it, a page, If-Match update, stale update refused, delete', async () => {
    const { token } = await createPremiumAccount(testApp);
    await testApp.app.listen(0, '127.0.0.1');
    // Loaded by a computed path: the repository's type-check leaves the script to the test above (its types are generated).
    const scriptPath = join(__dirname, 'integrator', 'integrator');
    const { runIntegratorScript } = (await import(scriptPath)) as { runIntegratorScript(baseUrl: string, token: string): Promise<unknown> };
    const result = await runIntegratorScript(await testApp.app.getUrl(), token);
    expect(result).toEqual({
      leagueStatus: 'draft',
      tournamentLeague: expect.any(String),
      listed: [expect.any(String)],
      updatedStatus: 'registration_open',
      version: 2,
      staleCode: 'precondition_failed',
      deleteStatus: 204,
    });
  });

  it('plays a whole tournament through the typed client, with the base URL the document names (test/integrator/tournament.ts)', async () => {
    const { token } = await createPremiumAccount(testApp);
    // The test above may have started listening already.
    if (!(testApp.app.getHttpServer() as { listening: boolean }).listening) await testApp.app.listen(0, '127.0.0.1');
    const url = new URL(await testApp.app.getUrl());
    const served = (await fetch(`${url.origin}/api/v1/openapi.json`).then((response) => response.json())) as {
      servers: { url: string; variables: Record<string, { default: string }> }[];
    };
    const [server] = served.servers;
    const baseUrl = server.url.replace(/\{(\w+)\}/g, (_match, name: string) => server.variables[name].default);
    expect(baseUrl).toBe(url.origin);
    const scriptPath = join(__dirname, 'integrator', 'tournament');
    const { playTournament } = (await import(scriptPath)) as { playTournament(baseUrl: string, token: string): Promise<unknown> };
    expect(await playTournament(baseUrl, token)).toEqual({
      rounds: [1, 1, 2],
      winners: [true, true, true],
      lastPreviewCompletes: true,
      status: 'completed',
      podium: ['1 Ada Lovelace', '2 Alan Turing', '3 Grace Hopper', '3 Edsger Dijkstra'],
    });
  });
});
