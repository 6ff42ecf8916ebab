import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';
const LEAGUES = '/api/v1/leagues';

/** One request's view of the database: once its transaction has committed, every statement it sends fails. */
interface AfterCommit {
  committed: boolean;
  /** Set once the answer is in: from then on nothing is refused (work the request woke may go on). */
  answered: boolean;
}

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (this: Client, config: unknown, values?: unknown, callback?: Callback) => unknown;

const requests = new AsyncLocalStorage<AfterCommit>();
const textOf = (config: unknown): string => (typeof config === 'string' ? config : String((config as { text?: unknown })?.text ?? ''));

/**
 * Wraps pg's Client#query, which every statement goes through (knex's, prepared ones, transactions'): in the async
 * context of a request run by `afterCommit`, a statement sent after its COMMIT succeeded fails as a lost connection
 * would (what a pool too busy to lend one, or PostgreSQL gone away, looks like to the service).
 */
function refuseStatementsAfterCommit(): () => void {
  const original = Client.prototype.query as unknown as Query;
  const wrapped: Query = function (this: Client, config, values, callback) {
    const request = requests.getStore();
    if (!request || request.answered) return original.call(this, config, values, callback);
    const text = textOf(config);
    const done: Callback | undefined = typeof values === 'function' ? (values as Callback) : typeof callback === 'function' ? callback : undefined;
    if (request.committed) {
      const error = new Error('Connection terminated unexpectedly');
      if (done) return void process.nextTick(() => done(error));
      return Promise.reject(error);
    }
    if (!/^\s*commit\b/i.test(text)) return original.call(this, config, values, callback);
    const committed = () => (request.committed = true);
    if (done) {
      const onDone: Callback = (error, result) => {
        if (!error) committed();
        done(error, result);
      };
      return typeof values === 'function' ? original.call(this, config, onDone) : original.call(this, config, values, onDone);
    }
    return (original.call(this, config, values) as Promise<unknown>).then((result) => {
      committed();
      return result;
    });
  };
  Client.prototype.query = wrapped as unknown as typeof Client.prototype.query;
  return () => void (Client.prototype.query = original as unknown as typeof Client.prototype.query);
}

/**
 * A write whose transaction has committed is answered with its success, never an error: its answer is built from what
 * the transaction read. Here every statement a request sends after its COMMIT fails, and each write endpoint that runs
 * in a transaction must still answer its 2xx, with the body a later GET shows.
 */
describe('a committed write is answered with its success, whatever fails after the commit', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let restore: () => void;
  const as = () => ({ token: owner.token });

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    restore = refuseStatementsAfterCommit();
  });
  afterAll(async () => {
    restore();
    await testApp.close();
  });

  /** Runs `send` as a request whose statements fail once it has committed; asserts that it did commit. */
  async function afterCommit(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    const request: AfterCommit = { committed: false, answered: false };
    // Awaited inside: an injected request starts when awaited, and runs in the context that awaits it.
    const response = await requests.run(request, async () => await send());
    request.answered = true;
    expect(request.committed ? 'committed' : `not committed: ${response.statusCode} ${response.body}`).toBe('committed');
    return response;
  }
  const get = async (path: string) => {
    const response = await testApp.http.get(path, as());
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  async function aTournament(fields: object = {}, players = 4): Promise<{ base: string; participants: { id: string; name: string }[] }> {
    const created = await testApp.http.post(TOURNAMENTS, { name: `Committed ${randomUUID()}`, format: 'single_elimination', ...fields }, as());
    expect(created.statusCode).toBe(201);
    const base = `${TOURNAMENTS}/${created.json().id}`;
    const batch = Array.from({ length: players }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    const added = await testApp.http.post(`${base}/participants/bulk`, { participants: batch }, as());
    expect(added.statusCode).toBe(201);
    return { base, participants: added.json().data };
  }
  async function aStartedTournament(format = 'single_elimination', players = 4) {
    const tournament = await aTournament({ format }, players);
    expect((await testApp.http.patch(tournament.base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const matches = (await get(`${tournament.base}/matches?limit=100`)).data as { id: string; number: number; status: string; opponents: { participant_id: string }[] }[];
    return { ...tournament, matches };
  }

  describe('match reports', () => {
    it('answers a report 200 with the match as its GET shows it, opponents’ names included, though every read after the commit fails', async () => {
      const { base, matches } = await aStartedTournament();
      const first = matches.find((match) => match.number === 1)!;
      const reported = await afterCommit(() => testApp.http.patch(`${base}/matches/${first.id}`, { scores: [2, 1] }, as()));
      expect(reported.statusCode).toBe(200);
      const stored = await get(`${base}/matches/${first.id}`);
      expect(stored).toMatchObject({ status: 'completed', winner_id: first.opponents[0].participant_id });
      expect(reported.json()).toEqual(stored);
      expect(reported.json().opponents.map((opponent: { name: string }) => opponent.name)).toEqual(['P1', 'P4']);
      expect(reported.headers.etag).toBe(`"v${stored.version}"`);
    });

    it('answers the report that completes the tournament 200, and a correction that reopens it', async () => {
      const { base, matches } = await aStartedTournament('single_elimination', 2);
      const [final] = matches;
      const completed = await afterCommit(() => testApp.http.patch(`${base}/matches/${final.id}`, { scores: [3, 0] }, as()));
      expect(completed.statusCode).toBe(200);
      expect((await get(base)).status).toBe('completed');
      expect(completed.json()).toEqual(await get(`${base}/matches/${final.id}`));

      const corrected = await afterCommit(() => testApp.http.patch(`${base}/matches/${final.id}?reset_dependents=true`, { scores: [0, 3] }, as()));
      expect(corrected.statusCode).toBe(200);
      expect(corrected.json()).toEqual(await get(`${base}/matches/${final.id}`));
    });

    it('answers a change of scheduled_at alone 200', async () => {
      const { base, matches } = await aStartedTournament();
      const at = '2027-03-01T18:00:00.000Z';
      const scheduled = await afterCommit(() => testApp.http.patch(`${base}/matches/${matches[0].id}`, { scheduled_at: at }, as()));
      expect(scheduled.statusCode).toBe(200);
      expect(scheduled.json()).toEqual(await get(`${base}/matches/${matches[0].id}`));
      expect(scheduled.json().scheduled_at).toBe(at);
    });
  });

  describe('withdrawals', () => {
    it('answers a withdrawal and a reinstatement 200 with the participant and the matches they changed', async () => {
      const { base, participants } = await aStartedTournament();
      const p1 = participants.find((participant) => participant.name === 'P1')!;
      const withdrawn = await afterCommit(() => testApp.http.post(`${base}/participants/${p1.id}/withdraw`, { reason: 'withdrawn' }, as()));
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json().participant).toEqual(await get(`${base}/participants/${p1.id}`));
      const [changed] = withdrawn.json().changed_matches;
      expect(changed).toEqual(await get(`${base}/matches/${changed.id}`));

      const reinstated = await afterCommit(() => testApp.http.post(`${base}/participants/${p1.id}/reinstate`, {}, as()));
      expect(reinstated.statusCode).toBe(200);
      expect(reinstated.json().participant).toEqual(await get(`${base}/participants/${p1.id}`));
    });
  });

  describe('tournaments', () => {
    it('answers status changes 200, a start with check-in naming whom it left out', async () => {
      const hour = 3_600_000;
      const window = { check_in_required: true, check_in_opens_at: new Date(Date.now() - hour).toISOString(), check_in_closes_at: new Date(Date.now() + hour).toISOString() };
      const { base, participants } = await aTournament(window);
      const opened = await afterCommit(() => testApp.http.patch(base, { status: 'registration_open' }, as()));
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toEqual(await get(base));
      for (const participant of participants.slice(0, 2)) {
        const checkedIn = await afterCommit(() => testApp.http.post(`${base}/participants/${participant.id}/check-in`, {}, as()));
        expect(checkedIn.statusCode).toBe(200);
        expect(checkedIn.json()).toEqual(await get(`${base}/participants/${participant.id}`));
      }
      const checkedOut = await afterCommit(() => testApp.http.post(`${base}/participants/${participants[1].id}/check-out`, {}, as()));
      expect(checkedOut.statusCode).toBe(200);
      expect((await afterCommit(() => testApp.http.post(`${base}/participants/${participants[1].id}/check-in`, {}, as()))).statusCode).toBe(200);

      const closed = await afterCommit(() => testApp.http.patch(base, { status: 'registration_closed' }, as()));
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toEqual(await get(base));
      const started = await afterCommit(() => testApp.http.patch(base, { status: 'in_progress' }, as()));
      expect(started.statusCode).toBe(200);
      const { dropped_participants: dropped, ...tournament } = started.json();
      expect(tournament).toEqual(await get(base));
      expect(dropped.map((participant: { name: string }) => participant.name).sort()).toEqual(['P3', 'P4']);
      expect((await get(`${base}/matches`)).data).toHaveLength(1);
    });

    it('answers a create and a move into a league 201 and 200', async () => {
      const league = await afterCommit(() => testApp.http.post(LEAGUES, { name: `League ${randomUUID()}` }, as()));
      expect(league.statusCode).toBe(201);
      const leagueId = league.json().id;
      const created = await afterCommit(() => testApp.http.post(TOURNAMENTS, { name: 'In a league', format: 'swiss', league_id: leagueId }, as()));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual(await get(`${TOURNAMENTS}/${created.json().id}`));
      const other = await testApp.http.post(TOURNAMENTS, { name: 'Moved', format: 'swiss' }, as());
      const moved = await afterCommit(() => testApp.http.patch(`${TOURNAMENTS}/${other.json().id}`, { league_id: leagueId }, as()));
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual(await get(`${TOURNAMENTS}/${other.json().id}`));
    });
  });

  describe('participants and leagues', () => {
    it('answers registrations, changes and removals of participants 201, 200 and 204', async () => {
      const { base } = await aTournament();
      const one = await afterCommit(() => testApp.http.post(`${base}/participants`, { name: 'Solo' }, as()));
      expect(one.statusCode).toBe(201);
      expect(one.json()).toEqual(await get(`${base}/participants/${one.json().id}`));
      const bulk = await afterCommit(() => testApp.http.post(`${base}/participants/bulk`, { participants: [{ name: 'Duo A' }, { name: 'Duo B' }] }, as()));
      expect(bulk.statusCode).toBe(201);
      expect(bulk.json().data).toHaveLength(2);
      const renamed = await afterCommit(() => testApp.http.patch(`${base}/participants/${one.json().id}`, { name: 'Solo II' }, as()));
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual(await get(`${base}/participants/${one.json().id}`));
      const removed = await afterCommit(() => testApp.http.delete(`${base}/participants/${one.json().id}`, as()));
      expect(removed.statusCode).toBe(204);
      expect((await testApp.http.get(`${base}/participants/${one.json().id}`, as())).statusCode).toBe(404);
    });

    it('answers a league’s change, share-link rotation and deletion 200 and 204', async () => {
      const league = (await testApp.http.post(LEAGUES, { name: `League ${randomUUID()}` }, as())).json();
      const changed = await afterCommit(() => testApp.http.patch(`${LEAGUES}/${league.id}`, { name: 'Renamed', visibility: 'unlisted' }, as()));
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual(await get(`${LEAGUES}/${league.id}`));
      const rotated = await afterCommit(() => testApp.http.post(`${LEAGUES}/${league.id}/share/rotate`, {}, as()));
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json()).toEqual(await get(`${LEAGUES}/${league.id}`));
      const deleted = await afterCommit(() => testApp.http.delete(`${LEAGUES}/${league.id}`, as()));
      expect(deleted.statusCode).toBe(204);
      expect((await testApp.http.get(`${LEAGUES}/${league.id}`, as())).statusCode).toBe(404);
    });
  });
});
