import { Client } from 'pg';
import { HEAVY_WORK_LOCK_SPACE } from '../../src/platform/concurrency/heavy-work-gate';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { expectProblem, startTestApp, TestApp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/** Issue 26: per-format participant limits, the per-account limit of heavy operations, the bulk body limit. */
describe('bounded work', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  const http = () => testApp.http;

  beforeAll(async () => {
    testApp = await startTestApp({ heavyOperationsPerAccount: 2 });
    owner = await createPremiumAccount(testApp);
  });
  afterAll(() => testApp.close());

  async function tournament(format: string, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await http().post(TOURNAMENTS, { name: `Cup ${Math.random()}`, format, ...extra }, { token: owner.token });
    expect(response.statusCode).toBe(201);
    return `${TOURNAMENTS}/${response.json().id}`;
  }

  function register(base: string, from: number, count: number, metadata: Record<string, string> = {}) {
    const participants = Array.from({ length: count }, (_, i) => ({ name: `Player ${from + i}`, metadata }));
    return http().post(`${base}/participants/bulk`, { participants }, { token: owner.token });
  }

  describe('participant limits per format', () => {
    it('refuses max_participants above the format limit with 422, and takes 8 192 for the elimination formats', async () => {
      const refused = await http().post(TOURNAMENTS, { name: 'League', format: 'round_robin', max_participants: 257 }, { token: owner.token });
      expect(expectProblem(refused, 422, 'validation_failed').errors).toEqual([
        { pointer: '/max_participants', detail: 'a round_robin tournament takes at most 256 participants.' },
      ]);
      for (const format of ['single_elimination', 'double_elimination', 'swiss']) {
        const taken = await http().post(TOURNAMENTS, { name: 'Open', format, max_participants: 8192 }, { token: owner.token });
        expect({ format, status: taken.statusCode, cap: taken.json().max_participants }).toEqual({ format, status: 201, cap: 8192 });
      }
      const tooMany = await http().post(TOURNAMENTS, { name: 'Open', format: 'single_elimination', max_participants: 8193 }, { token: owner.token });
      expectProblem(tooMany, 422, 'validation_failed');
      const homeAndAway = await http().post(TOURNAMENTS, { name: 'Open', format: 'round_robin', legs: 2, max_participants: 182 }, { token: owner.token });
      expect(expectProblem(homeAndAway, 422, 'validation_failed').errors).toEqual([
        { pointer: '/max_participants', detail: 'a round_robin (legs: 2) tournament takes at most 181 participants.' },
      ]);
      expectProblem(tooMany, 422, 'validation_failed');
      const base = await tournament('swiss', { max_participants: 2000 });
      const changed = await http().patch(base, { format: 'free_for_all' }, { token: owner.token });
      expect(expectProblem(changed, 422, 'validation_failed').errors).toEqual([
        { pointer: '/max_participants', detail: 'a free_for_all tournament takes at most 1024 participants.' },
      ]);
    });

    it('caps an uncapped round robin at 256 (409 tournament_full) and refuses to turn a larger field into one', async () => {
      const league = await tournament('round_robin');
      expect((await register(league, 0, 256)).statusCode).toBe(201);
      const full = await register(league, 256, 1);
      expect(expectProblem(full, 409, 'tournament_full')).toMatchObject({ max_participants: 256, participant_count: 256 });

      const open = await tournament('single_elimination');
      expect((await register(open, 0, 256)).statusCode).toBe(201);
      expect((await register(open, 256, 1)).statusCode).toBe(201);
      const changed = await http().patch(open, { format: 'round_robin' }, { token: owner.token });
      expect(expectProblem(changed, 422, 'validation_failed').errors).toEqual([
        { pointer: '/format', detail: expect.stringContaining('at most 256 participants and this one has 257') },
      ]);
      expect((await http().get(open, { token: owner.token })).json().format).toBe('single_elimination');
    });
  });

  describe('reports on large tournaments (computed in a worker thread)', () => {
    it('reports, previews and corrects a result in a round robin of 48 (1 128 matches) as in a small one', async () => {
      const base = await tournament('round_robin');
      expect((await register(base, 0, 48)).statusCode).toBe(201);
      expect((await http().patch(base, { status: 'in_progress' }, { token: owner.token })).statusCode).toBe(200);
      const [first] = (await http().get(`${base}/matches?limit=1`, { token: owner.token })).json().data;

      const reported = await http().patch(`${base}/matches/${first.id}`, { scores: [2, 2] }, { token: owner.token });
      expect(reported.statusCode).toBe(200);
      expect(reported.json()).toMatchObject({ id: first.id, status: 'completed', version: 2 });
      expect(reported.json().opponents.map((opponent: { result: string }) => opponent.result)).toEqual(['draw', 'draw']);
      const table = (await http().get(`${base}/standings`, { token: owner.token })).json().data;
      expect(table.filter((row: { draws: number; points: number }) => row.draws === 1 && row.points === 1)).toHaveLength(2);

      const preview = await http().patch(`${base}/matches/${first.id}?dry_run=true`, { scores: [3, 0] }, { token: owner.token });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().standings[0]).toMatchObject({ rank: 1, participant_id: first.opponents[0].participant_id, points: 3 });
      const corrected = await http().patch(`${base}/matches/${first.id}?reset_dependents=true`, { scores: [0, 3] }, { token: owner.token });
      expect(corrected.json()).toMatchObject({ winner_id: first.opponents[1].participant_id, version: 3 });
      const refused = await http().patch(`${base}/matches/${first.id}`, { scores: [1, 1, 1] }, { token: owner.token });
      expectProblem(refused, 422, 'validation_failed');
    });
  });

  describe('bulk registration body', () => {
    it('takes 256 participants with modest metadata (over 64 KiB), and refuses a body past 512 KiB with 413', async () => {
      const base = await tournament('single_elimination');
      const metadata = { team: 'x'.repeat(200), country: 'y'.repeat(200), club: 'z'.repeat(400) };
      const participants = Array.from({ length: 256 }, (_, i) => ({ name: `Player ${i}`, metadata }));
      expect(JSON.stringify({ participants }).length).toBeGreaterThan(200 * 1024);
      expect((await http().post(`${base}/participants/bulk`, { participants }, { token: owner.token })).statusCode).toBe(201);

      const huge = { participants: participants.map((item) => ({ ...item, name: `${item.name}b`, metadata: { ...metadata, more: 'w'.repeat(500), also: 'v'.repeat(500), plus: 'u'.repeat(500) } })) };
      expect(JSON.stringify(huge).length).toBeGreaterThan(512 * 1024);
      expectProblem(await http().post(`${base}/participants/bulk`, huge, { token: owner.token }), 413, 'payload_too_large');
      // Everywhere else the limit stays 64 KiB.
      expectProblem(await http().patch(base, { description: 'd'.repeat(70 * 1024) }, { token: owner.token }), 413, 'payload_too_large');
    });
  });

  describe('heavy operations per account', () => {
    let holders: Client[] = [];

    /** Another process holding one of the account's slots: a transaction that took its advisory lock. */
    async function holdSlot(accountId: string, slot: number): Promise<void> {
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      holders.push(client);
      await client.query('begin');
      await client.query("select pg_advisory_xact_lock($1, hashtext($2 || ':' || $3))", [HEAVY_WORK_LOCK_SPACE, accountId, slot]);
    }

    afterEach(async () => {
      await Promise.all(holders.map((client) => client.end()));
      holders = [];
    });

    it('answers 429 too_many_concurrent with Retry-After while the account has its limit in flight elsewhere, and changes nothing', async () => {
      const base = await tournament('single_elimination');
      expect((await register(base, 0, 8)).statusCode).toBe(201);
      await holdSlot(owner.id, 0);
      await holdSlot(owner.id, 1);

      const start = await http().patch(base, { status: 'in_progress' }, { token: owner.token });
      expect(expectProblem(start, 429, 'too_many_concurrent')).toMatchObject({ limit: 2 });
      expect(start.headers['retry-after']).toBe('2');
      const bulk = await register(base, 8, 4);
      expectProblem(bulk, 429, 'too_many_concurrent');
      const after = (await http().get(base, { token: owner.token })).json();
      expect({ status: after.status, participants: after.participant_count }).toEqual({ status: 'draft', participants: 8 });
      // A plain (light) request of the same account is not held up.
      expect((await http().post(`${base}/participants`, { name: 'Late' }, { token: owner.token })).statusCode).toBe(201);

      // Another account is not limited by this one's operations.
      const other = await createPremiumAccount(testApp);
      const theirs = await http().post(TOURNAMENTS, { name: 'Theirs', format: 'swiss' }, { token: other.token });
      const participants = [{ name: 'A' }, { name: 'B' }];
      expect((await http().post(`${TOURNAMENTS}/${theirs.json().id}/participants/bulk`, { participants }, { token: other.token })).statusCode).toBe(201);

      // One slot free again: the start goes through.
      await holders.pop()!.end();
      expect((await http().patch(base, { status: 'in_progress' }, { token: owner.token })).statusCode).toBe(200);
    });

    it('counts a correction with reset_dependents as heavy, a first report not', async () => {
      const base = await tournament('single_elimination');
      expect((await register(base, 0, 4)).statusCode).toBe(201);
      expect((await http().patch(base, { status: 'in_progress' }, { token: owner.token })).statusCode).toBe(200);
      const [first] = (await http().get(`${base}/matches?status=ready&limit=1`, { token: owner.token })).json().data;
      await holdSlot(owner.id, 0);
      await holdSlot(owner.id, 1);
      expect((await http().patch(`${base}/matches/${first.id}`, { scores: [2, 1] }, { token: owner.token })).statusCode).toBe(200);
      const correction = await http().patch(`${base}/matches/${first.id}?reset_dependents=true`, { scores: [1, 2] }, { token: owner.token });
      expectProblem(correction, 429, 'too_many_concurrent');
    });
  });
});
