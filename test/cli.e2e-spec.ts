import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPremiumAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

/** The ops team's contract: `node dist/cli.js <command>` prints exactly one JSON object, or fails on stderr. */
async function cli(args: string[], stdin?: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, ...env },
    timeout: 60_000,
  });
  if (stdin !== undefined) {
    child.child.stdin?.end(stdin);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.trim() === '' ? [] : stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

function json(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]) as Record<string, unknown>;
}

describe('admin command line (node dist/cli.js)', () => {
  let testApp: TestApp;
  const email = `ops-${randomUUID()}@Example.com`;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp.close());

  it('migrate reports what it applied', async () => {
    const result = await cli(['migrate']);
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toEqual({ applied: [] });
  });

  it('creates an account, generates a token that works, downgrades, regenerates and revokes', async () => {
    const created = await cli(['account:create', '--email', email, '--plan', 'premium']);
    expect(created.code).toBe(0);
    expect(json(created.stdout)).toEqual({ id: expect.any(String), email: email.toLowerCase(), plan: 'premium' });

    const generated = json((await cli(['token:generate', '--email', email])).stdout);
    expect(generated).toEqual({ token: expect.stringMatching(/^tlm_[0-9A-Za-z]{36}$/) });
    const token = generated.token as string;
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(200);

    expect(json((await cli(['account:set-plan', '--email', email, '--plan', 'free'])).stdout)).toMatchObject({ plan: 'free' });
    expectProblem(await testApp.http.get('/api/v1/tournaments', { token }), 403, 'subscription_required');
    await cli(['account:set-plan', '--email', email, '--plan', 'premium']);

    const replacement = json((await cli(['token:generate', '--email', email])).stdout).token as string;
    expectProblem(await testApp.http.get('/api/v1/tournaments', { token }), 401, 'invalid_token');
    expect((await testApp.http.get('/api/v1/tournaments', { token: replacement })).statusCode).toBe(200);

    expect(json((await cli(['token:revoke', '--email', email])).stdout)).toEqual({ revoked: true });
    expectProblem(await testApp.http.get('/api/v1/tournaments', { token: replacement }), 401, 'invalid_token');
  });

  it('reads a password from stdin', async () => {
    const result = await cli(['account:create', '--email', `pw-${randomUUID()}@example.com`, '--password-stdin'], 'a long enough password\n');
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toMatchObject({ plan: 'free' });
  });

  it('refuses a password shorter than 12 characters, as the sign-up page does', async () => {
    const result = await cli(['account:create', '--email', `pw-${randomUUID()}@example.com`, '--password-stdin'], 'elevenchars\n');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^error: the password \(from --password-stdin\): Use at least 12 characters/);
  });

  it('lists accounts as JSON lines in email order, paged with --after and --limit', async () => {
    const prefix = `list${randomUUID().replace(/-/g, '')}x`;
    const emails = [1, 2, 3].map((n) => `${prefix}${n}@example.com`);
    for (const address of [...emails].reverse()) expect((await cli(['account:create', '--email', address, '--plan', 'premium'])).code).toBe(0);

    const firstPage = await cli(['account:list', '--after', prefix, '--limit', '2']);
    expect(firstPage.code).toBe(0);
    const lines = jsonLines(firstPage.stdout);
    expect(lines).toEqual(emails.slice(0, 2).map((address) => ({ id: expect.any(String), email: address, plan: 'premium', created_at: expect.any(String) })));
    const nextPage = jsonLines((await cli(['account:list', '--after', String(lines[1].email), '--limit', '2'])).stdout);
    expect(nextPage[0]).toMatchObject({ email: emails[2] });

    const everything = jsonLines((await cli(['account:list'])).stdout).map((line) => line.email);
    expect(everything).toEqual(expect.arrayContaining(emails));
    expect(new Set(everything).size).toBe(everything.length);
  });

  it('shows an account: plan, token last four and use, counts of its tournaments and leagues', async () => {
    const account = await createPremiumAccount(testApp);
    await testApp.http.post('/api/v1/leagues', { name: 'Shown league' }, { token: account.token });
    for (const name of ['One', 'Two']) {
      expect((await testApp.http.post('/api/v1/tournaments', { name, format: 'swiss' }, { token: account.token })).statusCode).toBe(201);
    }
    const result = await cli(['account:show', '--email', account.email.toUpperCase()]);
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toEqual({
      id: account.id,
      email: account.email,
      plan: 'premium',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      token: { last_four: account.token.slice(-4), created_at: expect.any(String), last_used_at: expect.stringMatching(/^\d{4}-/) },
      tournaments: 2,
      leagues: 1,
    });
    expect(result.stdout).not.toContain(account.token);
  });

  it.each([
    [['account:show'], /--email is required/],
    [['account:show', '--email', 'nobody@example.com'], /was not found/],
    [['account:list', '--limit', '0'], /--limit must be a whole number of at least 1/],
    [['account:create', '--email', 'not-an-email'], /email/],
    [['account:set-plan', '--email', 'nobody@example.com', '--plan', 'premium'], /was not found/],
    [['account:set-plan', '--email', 'x@example.com', '--plan', 'gold'], /--plan must be one of free, premium/],
    [['token:generate'], /--email is required/],
    [['frobnicate'], /frobnicate is not a command\./],
    [['acount:show', '--email', 'a@example.com'], /acount:show is not a command\. Did you mean account:show\?/],
    [['account:create', '--email', 'a@example.com', '--colour', 'red'], /--colour is not an option of account:create\./],
    [['account:show', '--emial', 'a@example.com'], /--emial is not an option of account:show\. Did you mean --email\?/],
    [['account:create', '--email', 'not-an-email'], /^error: --email: Enter an email address/],
    [['account:delete', '--email', 'a@example.com'], /Add --yes to confirm/],
  ])('fails clearly on stderr with a non-zero exit: %j', async (args, message) => {
    const result = await cli(args);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('refuses a duplicate email', async () => {
    const result = await cli(['account:create', '--email', email.toUpperCase()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already exists/);
  });

  it.each([['--help'], ['help'], ['-h']])('prints every command with a line on what it does for %s, on stdout, exit 0', async (flag) => {
    const result = await cli([flag]);
    expect(result.code).toBe(0);
    for (const command of ['migrate', 'account:create', 'account:delete', 'token:generate', 'token:revoke']) expect(result.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
  });

  it('prints a command\'s own usage for <command> --help, without touching the database', async () => {
    const result = await cli(['account:delete', '--help'], undefined, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result).toEqual({ code: 0, stdout: expect.stringContaining('Usage: node dist/cli.js account:delete --email E --yes'), stderr: '' });
  });

  it('migrate --status lists the applied migrations and the pending ones, and applies nothing', async () => {
    const result = json((await cli(['migrate', '--status'])).stdout);
    expect(result.pending).toEqual([]);
    expect(result.applied).toEqual(expect.arrayContaining(['20261121000100-accounts-and-api-tokens']));
  });

  it('warns (on stderr) that a free account\'s new token is refused by the API, and says so when a revoke finds no token', async () => {
    const free = `free-${randomUUID()}@example.com`;
    await cli(['account:create', '--email', free]);
    const generated = await cli(['token:generate', '--email', free]);
    expect(json(generated.stdout)).toEqual({ token: expect.stringMatching(/^tlm_/) });
    expect(generated.stderr).toMatch(/^warning: .* is on the free plan: the API refuses this token \(403 subscription_required\)/);
    expectProblem(await testApp.http.get('/api/v1/tournaments', { token: generated.stdout.match(/tlm_\w+/)![0] }), 403, 'subscription_required');

    expect(json((await cli(['token:revoke', '--email', free])).stdout)).toEqual({ revoked: true });
    const again = await cli(['token:revoke', '--email', free]);
    expect(json(again.stdout)).toEqual({ revoked: false });
    expect(again.stderr).toMatch(/had no API token: nothing was revoked/);
  });

  it('account:delete --yes deletes the account with its tournaments; its token stops working', async () => {
    const account = await createPremiumAccount(testApp);
    expect((await testApp.http.post('/api/v1/tournaments', { name: 'Doomed', format: 'swiss' }, { token: account.token })).statusCode).toBe(201);
    const deleted = await cli(['account:delete', '--email', account.email, '--yes']);
    expect(json(deleted.stdout)).toMatchObject({ deleted: true, email: account.email });
    expectProblem(await testApp.http.get('/api/v1/tournaments', { token: account.token }), 401, 'invalid_token');
    expect((await cli(['account:show', '--email', account.email])).stderr).toMatch(/was not found/);
  });

  it('says in plain words that the database cannot be reached, with no log line before it', async () => {
    const result = await cli(['account:show', '--email', 'a@example.com'], undefined, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATABASE_TIMEOUT_MS: '1000' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: cannot reach the database \(.*\)\. Check that PostgreSQL is running and that DATABASE_URL points at it\.\n$/);
  });
});
