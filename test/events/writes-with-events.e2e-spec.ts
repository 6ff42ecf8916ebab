import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { EventSequencing } from '../../src/events/event-sequencing.service';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { expectProblem, startTestAppOnOwnDatabase, TestApp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface EventJson {
  sequence: number;
  type: string;
  tournament_id: string | null;
  data: Record<string, unknown>;
}

/**
 * A tournament's create, edit and delete are one SQL statement with their event (WritesWithEvents): the event exists
 * if and only if the change commits, and the sequencer is woken by the write, not found by its poll.
 */
describe('single-statement writes and their events', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    // An own database, where only this app's sequencer numbers events, polling once a minute: only a wake-up is fast.
    testApp = await startTestAppOnOwnDatabase({ eventPollMs: 60_000 });
    owner = await createPremiumAccount(testApp);
    stranger = await createPremiumAccount(testApp);
  });
  afterAll(() => testApp.close());

  const http = () => testApp.http;
  const as = (account: TestAccount = owner, headers?: Record<string, string>) => ({ token: account.token, headers });
  const sql = (statement: string) => testApp.app.get(EntityManager).fork().execute(statement);

  async function eventsOf(tournamentId: string): Promise<EventJson[]> {
    await testApp.app.get(EventSequencing).drain();
    const response = await http().get(`/api/v1/events?tournament_id=${tournamentId}`, as());
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: EventJson[] }).data;
  }

  async function created(name = `Cup ${randomUUID()}`): Promise<{ id: string; etag: string }> {
    const response = await http().post(TOURNAMENTS, { name, format: 'swiss' }, as());
    expect(response.statusCode).toBe(201);
    return { id: (response.json() as { id: string }).id, etag: response.headers.etag as string };
  }

  const shown = async (id: string) => (await http().get(`${TOURNAMENTS}/${id}`, as())).json() as Record<string, unknown>;

  it('records exactly one event per create, edit and delete, the tournament as its GET shows it, numbered at once', async () => {
    const { id } = await created();
    const afterCreate = await shown(id);
    // Not drained: the write itself wakes the sequencer (the poll would take a minute).
    let feed: EventJson[] = [];
    for (const deadline = Date.now() + 5_000; feed.length === 0 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      feed = ((await http().get(`/api/v1/events?tournament_id=${id}`, as())).json() as { data: EventJson[] }).data;
    }
    expect(feed.map(({ type, data }) => ({ type, data }))).toEqual([{ type: 'tournament.created', data: afterCreate }]);

    expect((await http().patch(`${TOURNAMENTS}/${id}`, { description: 'edited' }, as())).statusCode).toBe(200);
    const afterEdit = await shown(id);
    expect(afterEdit).toMatchObject({ description: 'edited', version: 2 });
    expect((await http().delete(`${TOURNAMENTS}/${id}`, as())).statusCode).toBe(204);

    const events = await eventsOf(id);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'tournament.created', data: afterCreate },
      { type: 'tournament.updated', data: afterEdit },
      { type: 'tournament.deleted', data: { id } },
    ]);
    expect(events.map((event) => event.sequence - events[0].sequence)).toEqual([0, 1, 2]);
  });

  it('records nothing for a refused write: a stale If-Match (412), another account (404), an edit that changes nothing', async () => {
    const { id, etag } = await created();
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { name: 'Renamed' }, as())).statusCode).toBe(200);
    expectProblem(await http().patch(`${TOURNAMENTS}/${id}`, { name: 'Late' }, as(owner, { 'if-match': etag })), 412, 'precondition_failed');
    expectProblem(await http().delete(`${TOURNAMENTS}/${id}`, as(owner, { 'if-match': etag })), 412, 'precondition_failed');
    expectProblem(await http().patch(`${TOURNAMENTS}/${id}`, { name: 'Theirs' }, as(stranger)), 404, 'not_found');
    expectProblem(await http().delete(`${TOURNAMENTS}/${id}`, as(stranger)), 404, 'not_found');
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { name: 'Renamed' }, as())).statusCode).toBe(200);

    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['tournament.created', 'tournament.updated']);
    expect(await shown(id)).toMatchObject({ name: 'Renamed', version: 2 });
  });

  describe('when one half of the statement fails, the other does not commit', () => {
    const marker = `refused-${randomUUID()}`;
    afterEach(async () => {
      await sql('drop trigger if exists refuse_marked on events');
      await sql('drop trigger if exists refuse_marked on tournaments');
      await sql('drop function if exists refuse_marked()');
    });

    /** A trigger that fails any row of `table` mentioning the marker, as a constraint would. */
    async function refuseMarkedRowsOf(table: 'events' | 'tournaments'): Promise<void> {
      await sql(`create function refuse_marked() returns trigger language plpgsql as $$
        begin
          if to_jsonb(new)::text like '%${marker}%' then raise exception 'refused by the test'; end if;
          return new;
        end $$`);
      await sql(`create trigger refuse_marked before insert or update on ${table} for each row execute function refuse_marked()`);
    }

    it('a create whose event fails leaves no tournament', async () => {
      await refuseMarkedRowsOf('events');
      const refused = await http().post(TOURNAMENTS, { name: marker, format: 'swiss' }, as());
      expect(refused.statusCode).toBe(500);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      const listed = (await http().get(`${TOURNAMENTS}?q=${marker}`, as())).json() as { data: unknown[] };
      expect(listed.data).toEqual([]);
    });

    it('an edit whose event fails changes nothing; an edit whose row fails records no event', async () => {
      const { id } = await created();
      const before = await shown(id);
      await refuseMarkedRowsOf('events');
      expect((await http().patch(`${TOURNAMENTS}/${id}`, { description: marker }, as())).statusCode).toBe(500);
      expect(await shown(id)).toEqual(before);
      await sql('drop trigger refuse_marked on events');

      await sql(`create trigger refuse_marked before insert or update on tournaments for each row execute function refuse_marked()`);
      expect((await http().patch(`${TOURNAMENTS}/${id}`, { description: marker }, as())).statusCode).toBe(500);
      expect(await shown(id)).toEqual(before);
      expect((await eventsOf(id)).map((event) => event.type)).toEqual(['tournament.created']);
    });
  });
});
