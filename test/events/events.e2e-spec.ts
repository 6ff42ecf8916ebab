import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { EventSequencing } from '../../src/events/event-sequencing.service';
import { EventRetention } from '../../src/events/event-retention.service';
import { createAccountWithToken, createPremiumAccount, regenerateToken, TestAccount } from '../support/accounts';
import { StandingsRefreshes } from '../../src/matches/domain/standings-refreshes';
import { StandingsRefresher } from '../../src/matches/standings-refresher.service';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { settled } from '../support/settled';
import { expectProblem, startTestApp, TestApp } from '../support/test-app';
import { SseClient } from './sse-client';

const TOURNAMENTS = '/api/v1/tournaments';

interface EventJson {
  id: string;
  sequence: number;
  type: string;
  occurred_at: string;
  tournament_id: string | null;
  league_id: string | null;
  data: Record<string, unknown>;
}
interface Feed {
  data: EventJson[];
  next_after: number;
}

describe('events: the feed, the stream and cheap polling', () => {
  let testApp: TestApp;
  let port: number;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp({ eventStreamsPerAccount: 2, eventStreamHeartbeatMs: 300 });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    owner = await createPremiumAccount(testApp);
    stranger = await createPremiumAccount(testApp);
  });
  afterAll(() => testApp.close());

  const http = () => testApp.http;
  const as = (account: TestAccount = owner, headers?: Record<string, string>) => ({ token: account.token, headers });
  /** Tables are published and events numbered moments after their commit: the feed is read once that is done. */
  const drain = () => settled(testApp);
  const feed = async (query = '', account = owner): Promise<Feed> => {
    await drain();
    const response = await http().get(`/api/v1/events${query}`, as(account));
    expect(response.statusCode).toBe(200);
    return response.json() as Feed;
  };
  const stream = (path: string, account = owner, headers: Record<string, string> = {}) =>
    SseClient.open(port, path, { authorization: `Bearer ${account.token}`, ...headers });

  /** A started single-elimination tournament of four, with its matches. */
  async function startedTournament(account = owner) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination' }, as(account));
    const id = (created.json() as { id: string }).id;
    const bulk = await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: ['A', 'B', 'C', 'D'].map((name, index) => ({ name, seed: index + 1 })) }, as(account));
    expect(bulk.statusCode).toBe(201);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as(account))).statusCode).toBe(200);
    const matches = (await http().get(`${TOURNAMENTS}/${id}/matches`, as(account))).json() as { data: { id: string; round: number; status: string }[] };
    return { id, matches: matches.data };
  }

  describe('the feed', () => {
    it('holds every change of the account in order, sequences without gaps, each resource as its GET shows it', async () => {
      const account = await createPremiumAccount(testApp);
      const league = (await http().post('/api/v1/leagues', { name: 'Season' }, as(account))).json() as { id: string };
      const { id, matches } = await startedTournament(account);
      const first = matches.find((match) => match.round === 1)!;
      const reported = await http().patch(`${TOURNAMENTS}/${id}/matches/${first.id}`, { scores: [2, 1] }, as(account));
      expect(reported.statusCode).toBe(200);

      const { data, next_after } = await feed('', account);
      expect(data.map((event) => event.type)).toEqual([
        'league.created',
        'tournament.created',
        'participant.registered',
        'participant.registered',
        'participant.registered',
        'participant.registered',
        'matches.generated',
        'tournament.status_changed',
        'match.reported',
        'standings.changed',
      ]);
      expect(data.map((event) => event.sequence)).toEqual(data.map((_, index) => index + 1));
      expect(next_after).toBe(data.length);
      expect(data[0]).toMatchObject({ league_id: league.id, tournament_id: null });
      const report = data.find((event) => event.type === 'match.reported')!;
      expect(report.tournament_id).toBe(id);
      expect(report.data).toEqual(reported.json());
      expect(report.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const standings = (await http().get(`${TOURNAMENTS}/${id}/standings`, as(account))).json() as { data: unknown[] };
      expect(data.at(-1)!.data).toEqual({ tournament_id: id, standings: standings.data });
      // Never another account's.
      expect((await feed('', stranger)).data.every((event) => event.tournament_id !== id)).toBe(true);
    });

    it('publishes one table for a burst of results, from the request each report leaves in its transaction, even if no wake-up comes', async () => {
      const account = await createPremiumAccount(testApp);
      const { id, matches } = await startedTournament(account);
      const refresher = testApp.app.get(StandingsRefresher);
      await settled(testApp);
      const waiting = () =>
        testApp.app.get(EntityManager).fork().execute<unknown[]>('select 1 from standings_refreshes where tournament_id = ?', [id]);
      // As if the reporting instance died right after its commits: nothing wakes the refresher.
      const wake = jest.spyOn(refresher, 'wake').mockImplementation(() => undefined);
      try {
        for (const match of matches.filter((candidate) => candidate.round === 1)) {
          expect((await http().patch(`${TOURNAMENTS}/${id}/matches/${match.id}`, { scores: [2, 1] }, as(account))).statusCode).toBe(200);
        }
        expect(await waiting()).toHaveLength(1);
      } finally {
        wake.mockRestore();
      }
      // Another instance's poll (here: this one's) publishes it once, with the table as GET shows it.
      const { data } = await feed(`?tournament_id=${id}&types=standings.changed`, account);
      expect(data).toHaveLength(1);
      const standings = (await http().get(`${TOURNAMENTS}/${id}/standings`, as(account))).json() as { data: unknown[] };
      expect(data[0].data).toEqual({ tournament_id: id, standings: standings.data });
      expect(await waiting()).toHaveLength(0);
    });

    it('keeps the request of a result that commits while the table is computed, so a later table has it', async () => {
      const account = await createPremiumAccount(testApp);
      const { id, matches } = await startedTournament(account);
      await settled(testApp);
      const refreshes = testApp.app.get(StandingsRefreshes);
      const inTransaction = <T>(work: () => Promise<T>) => testApp.app.get(UnitOfWork).run(work);
      const [first, second] = matches.filter((match) => match.round === 1);
      const wake = jest.spyOn(testApp.app.get(StandingsRefresher), 'wake').mockImplementation(() => undefined);
      try {
        expect((await http().patch(`${TOURNAMENTS}/${id}/matches/${first.id}`, { scores: [2, 1] }, as(account))).statusCode).toBe(200);
        const read = (await inTransaction(() => refreshes.waiting(1_000))).find((refresh) => refresh.tournamentId === id)!;
        // A refresher read the request (and the table); this result commits before it is done.
        expect((await http().patch(`${TOURNAMENTS}/${id}/matches/${second.id}`, { scores: [0, 3] }, as(account))).statusCode).toBe(200);
        expect(await inTransaction(() => refreshes.done(read))).toBe(false);
        const [still] = (await inTransaction(() => refreshes.waiting(1_000))).filter((refresh) => refresh.tournamentId === id);
        expect(still.version).toBe(read.version + 1);
      } finally {
        wake.mockRestore();
      }
      const { data } = await feed(`?tournament_id=${id}&types=standings.changed`, account);
      const standings = (await http().get(`${TOURNAMENTS}/${id}/standings`, as(account))).json() as { data: { played: number }[] };
      expect(standings.data.filter((row) => row.played === 1)).toHaveLength(4);
      expect(data.at(-1)!.data).toEqual({ tournament_id: id, standings: standings.data });
    });

    it('filters by type and tournament, pages by sequence with next_after, and reads past the newest as an empty page', async () => {
      const account = await createPremiumAccount(testApp);
      const one = await startedTournament(account);
      await startedTournament(account);
      const all = await feed('', account);
      const page1 = await feed(`?tournament_id=${one.id}&limit=3`, account);
      expect(page1.data).toHaveLength(3);
      expect(page1.data.every((event) => event.tournament_id === one.id)).toBe(true);
      const rest = await feed(`?tournament_id=${one.id}&after=${page1.next_after}`, account);
      const oneEvents = all.data.filter((event) => event.tournament_id === one.id).map((event) => event.sequence);
      expect([...page1.data, ...rest.data].map((event) => event.sequence)).toEqual(oneEvents);
      // A short filtered page moves next_after past everything it looked at.
      expect(rest.next_after).toBe(all.data.at(-1)!.sequence);
      const generated = await feed('?types=matches.generated,tournament.created', account);
      expect(generated.data.map((event) => event.type)).toEqual(['tournament.created', 'matches.generated', 'tournament.created', 'matches.generated']);
      expect(await feed('?after=100000', account)).toEqual({ data: [], next_after: 100000 });
    });

    it('refuses an unknown type, a malformed or negative after and a bad limit with 400, naming the parameter', async () => {
      for (const query of ['types=match.reported,match.exploded', 'after=-1', 'after=abc', 'after=1.5', 'limit=0', 'limit=501', 'tournament_id=nope', 'cursor=x']) {
        const problem = expectProblem(await http().get(`/api/v1/events?${query}`, as()), 400, 'invalid_parameter');
        expect((problem.errors as { parameter: string }[])[0].parameter).toBe(query.split('=')[0]);
      }
    });

    it('writes no event for a change that is refused or rolled back', async () => {
      const account = await createPremiumAccount(testApp);
      const created = (await http().post(TOURNAMENTS, { name: 'Cup', format: 'round_robin' }, as(account))).json() as { id: string };
      const before = await feed('', account);
      expect((await http().post(`${TOURNAMENTS}/${created.id}/participants`, { name: 'Ann' }, as(account))).statusCode).toBe(201);
      // A name clash fails inside the transaction, after nothing else: the event of a failed insert must not exist.
      expect((await http().post(`${TOURNAMENTS}/${created.id}/participants`, { name: 'ann' }, as(account))).statusCode).toBe(409);
      // A bulk whose third item clashes rolls the first two back with it.
      const bulk = await http().post(`${TOURNAMENTS}/${created.id}/participants/bulk`, { participants: [{ name: 'Bo' }, { name: 'Cy' }, { name: 'ANN' }] }, as(account));
      expect(bulk.statusCode).toBe(409);
      expect((await http().patch(`${TOURNAMENTS}/${created.id}`, { status: 'in_progress' }, as(account))).statusCode).toBe(409);
      const after = await feed(`?after=${before.next_after}`, account);
      expect(after.data.map((event) => event.type)).toEqual(['participant.registered']);
      expect(after.data[0].sequence).toBe(before.next_after + 1);
    });

    it('numbers a committed event while an older transaction elsewhere in the cluster is still open', async () => {
      const account = await createPremiumAccount(testApp);
      const elsewhere = new Client({ connectionString: testApp.config.databaseUrl });
      await elsewhere.connect();
      try {
        await elsewhere.query('begin');
        // A transaction id older than the write's, held open throughout: numbering must not wait for it to end.
        await elsewhere.query('select pg_current_xact_id()');
        const created = await http().post('/api/v1/leagues', { name: 'While another writes' }, as(account));
        expect(created.statusCode).toBe(201);
        await testApp.app.get(EventSequencing).drain(3_000);
        const read = (await http().get('/api/v1/events', as(account))).json() as Feed;
        expect(read.data.map((event) => event.type)).toEqual(['league.created']);
      } finally {
        await elsewhere.query('rollback');
        await elsewhere.end();
      }
    });

    it('says 410 events_expired (with the oldest available) for a position the retention sweep passed; without after it starts at the oldest kept', async () => {
      const account = await createPremiumAccount(testApp);
      for (const name of ['A', 'B', 'C']) await http().post('/api/v1/leagues', { name }, as(account));
      // The first two events are made 40 days old; the sweep removes them (and only them).
      await drain();
      await testApp.app.get(EntityManager).fork().execute(`update events set occurred_at = now() - interval '40 days' where account_id = ? and sequence <= 2`, [account.id]);
      expect(await testApp.app.get(EventRetention).sweepNow()).toBeGreaterThanOrEqual(2);
      const problem = expectProblem(await http().get('/api/v1/events?after=1', as(account)), 410, 'events_expired');
      expect(problem.oldest_available_after).toBe(2);
      expect((await feed('?after=2', account)).data.map((event) => event.sequence)).toEqual([3]);
      expect((await feed('', account)).data.map((event) => event.sequence)).toEqual([3]);
      const swept = await stream('/api/v1/events/stream', account, { 'last-event-id': '1' });
      expect(swept.status).toBe(410);
      swept.close();
    });
  });

  describe('the stream', () => {
    it('replays what a reconnect missed after Last-Event-ID, then live events, with no gap and no duplicate', async () => {
      const account = await createPremiumAccount(testApp);
      for (const name of ['A', 'B', 'C']) await http().post('/api/v1/leagues', { name }, as(account));
      await drain();
      const client = await stream('/api/v1/events/stream', account, { 'last-event-id': '1' });
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(client.headers['x-request-id']).toEqual(expect.any(String));
      await client.waitForEvents(2);
      await http().post('/api/v1/leagues', { name: 'D' }, as(account));
      await client.waitForEvents(3);
      expect(client.events.map((event) => event.id)).toEqual([2, 3, 4]);
      expect(client.events[2].data).toMatchObject({ sequence: 4, type: 'league.created', data: { name: 'D' } });
      client.close();
    });

    it('spends one request of the rate limit to open, and none for the events it sends', async () => {
      const account = await createPremiumAccount(testApp);
      const client = await stream('/api/v1/events/stream', account);
      const remaining = Number(client.headers['x-ratelimit-remaining']);
      expect(remaining).toBeGreaterThan(0);
      for (const name of ['A', 'B', 'C']) await http().post('/api/v1/leagues', { name }, as(account));
      await client.waitForEvents(3);
      const next = await http().get('/api/v1/events?limit=1', as(account));
      // The three POSTs and this GET: four requests after the stream's own.
      expect(Number(next.headers['x-ratelimit-remaining'])).toBe(remaining - 4);
      client.close();
    });

    it('starts live without a position, applies the filters, and sends heartbeat comments', async () => {
      const account = await createPremiumAccount(testApp);
      await http().post('/api/v1/leagues', { name: 'Old' }, as(account));
      await drain();
      const client = await stream('/api/v1/events/stream?types=tournament.created', account);
      await http().post('/api/v1/leagues', { name: 'Skipped' }, as(account));
      await http().post(TOURNAMENTS, { name: 'New', format: 'swiss' }, as(account));
      await client.waitForEvents(1);
      expect(client.events.map((event) => [event.id, event.data.type])).toEqual([[3, 'tournament.created']]);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(client.comments).toContain('heartbeat');
      client.close();
    });

    it('refuses another Accept (406), a free account (403), a stream past the account’s limit (429) and a malformed Last-Event-ID (400)', async () => {
      const refused = await stream('/api/v1/events/stream', owner, { accept: 'application/json' });
      expect(refused.status).toBe(406);
      await refused.waitForEnd();
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'not_acceptable' });
      const free = await createAccountWithToken(testApp, 'free');
      const forbidden = await stream('/api/v1/events/stream', free);
      expect(forbidden.status).toBe(403);
      const account = await createPremiumAccount(testApp);
      const open = [await stream('/api/v1/events/stream', account), await stream('/api/v1/events/stream', account)];
      const third = await stream('/api/v1/events/stream', account);
      expect(third.status).toBe(429);
      await third.waitForEnd();
      expect(JSON.parse(third.text)).toMatchObject({ code: 'event_streams_exceeded' });
      open[0].close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await stream('/api/v1/events/stream', account);
      expect(again.status).toBe(200);
      again.close();
      open[1].close();
      const malformed = await stream('/api/v1/events/stream', account, { 'last-event-id': 'x' });
      expect(malformed.status).toBe(400);
    });

    it('ends the account’s streams within a second when its token is regenerated or its plan cancelled', async () => {
      const account = await createPremiumAccount(testApp);
      const client = await stream('/api/v1/events/stream', account);
      expect(client.status).toBe(200);
      const started = Date.now();
      await regenerateToken(testApp, account.email);
      await client.waitForEnd(3_000);
      expect(Date.now() - started).toBeLessThan(1_500);

      const other = await createPremiumAccount(testApp);
      const second = await stream('/api/v1/events/stream', other);
      const cancelled = Date.now();
      await testApp.app.get(EntityManager).fork().execute(`update accounts set plan = 'free' where id = ?`, [other.id]);
      await second.waitForEnd(3_000);
      expect(Date.now() - cancelled).toBeLessThan(1_500);
    });
  });

  describe('cheap polling of standings and match lists', () => {
    it('answers If-None-Match with 304 until the tournament changes, per URL, and never for another account', async () => {
      const { id, matches } = await startedTournament();
      await drain();
      for (const path of [`${TOURNAMENTS}/${id}/standings`, `${TOURNAMENTS}/${id}/matches`, `${TOURNAMENTS}/${id}/matches?round=1`]) {
        const first = await http().get(path, as());
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"e\d+-/);
        expect(first.headers['cache-control']).toBe('private, no-cache');
        const cached = await http().get(path, as(owner, { 'if-none-match': etag }));
        expect(cached.statusCode).toBe(304);
        expect(cached.body).toBe('');
        expectProblem(await http().get(path, as(stranger, { 'if-none-match': etag })), 404, 'not_found');
      }
      const standings = `${TOURNAMENTS}/${id}/standings`;
      const list = `${TOURNAMENTS}/${id}/matches`;
      const tags = [(await http().get(standings, as())).headers.etag, (await http().get(list, as())).headers.etag];
      expect(tags[0]).not.toBe(tags[1]);
      await http().patch(`${TOURNAMENTS}/${id}/matches/${matches[0].id}`, { scores: [1, 0] }, as());
      await drain();
      const fresh = await http().get(standings, as(owner, { 'if-none-match': tags[0] as string }));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers.etag).not.toBe(tags[0]);
      expect((await http().get(list, as(owner, { 'if-none-match': tags[1] as string }))).statusCode).toBe(200);
    });
  });
});
