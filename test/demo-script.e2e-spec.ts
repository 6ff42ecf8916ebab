import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { BuiltServer, startReadyServer } from './support/built-server';
import { freePorts } from './support/server-processes';

const run = promisify(execFile);
const root = join(__dirname, '..');

/** The walk-through's script (scripts/demo.sh, `npm run demo`) against the built server, as a newcomer runs it. */
describe('scripts/demo.sh against a running instance', () => {
  let server: BuiltServer;
  let baseUrl: string;

  beforeAll(async () => {
    const [port] = await freePorts(1);
    server = await startReadyServer(port, {});
    baseUrl = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function cli(...args: string[]): Promise<Record<string, unknown>> {
    const { stdout } = await run(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL } });
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  it('plays a whole tournament and prints the standings, the top seed first', async () => {
    const email = `demo-${randomUUID()}@example.com`;
    await cli('account:create', '--email', email, '--plan', 'premium');
    const { token } = await cli('token:generate', '--email', email);
    const { stdout } = await run('bash', [join(root, 'scripts', 'demo.sh')], { env: { ...process.env, BASE_URL: baseUrl, API_TOKEN: String(token) }, timeout: 60_000 });
    expect(stdout).toContain('   status in_progress');
    expect(stdout.match(/^ {3}match \d+ \(round \d\): 2-1$/gm)).toHaveLength(3);
    expect(stdout).toContain('   tournament completed');
    const standings = stdout.slice(stdout.indexOf('5. Standings'));
    expect(standings.trim().split('\n').slice(1)).toEqual([
      '   1. Ada Lovelace (2 won, 0 lost)',
      '   2. Alan Turing (1 won, 1 lost)',
      '   3. Grace Hopper (0 won, 1 lost)',
      '   3. Edsger Dijkstra (0 won, 1 lost)',
    ]);
  }, 90_000);

  it('fails with the server\'s reason when the token is refused', async () => {
    const failed = await run('bash', [join(root, 'scripts', 'demo.sh')], { env: { ...process.env, BASE_URL: baseUrl, API_TOKEN: 'tlm_not-a-real-token' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^demo: POST \/api\/v1\/tournaments answered 401: .*invalid_token/m) });
  });
});
