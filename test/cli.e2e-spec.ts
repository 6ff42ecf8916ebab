import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPremiumAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

/** The ops team's contract: `node dist/cli.js <command>` prints exactly one JSON object, or fails on stderr. */
async function cli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'warn' },
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
    expect(result.stderr).toMatch(/password: Use at least 12 characters/);
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
    [['frobnicate'], /Unknown command/],
    [['account:create', '--email', 'a@example.com', '--colour', 'red'], /Unknown option/],
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
});
