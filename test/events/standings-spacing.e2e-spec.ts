import { randomUUID } from 'node:crypto';
import { StandingsRefreshes } from '../../src/matches/domain/standings-refreshes';
import { StandingsRefresher } from '../../src/matches/standings-refresher.service';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount } from '../support/accounts';
import { settled } from '../support/settled';
import { startTestAppOnOwnDatabase, TestApp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/**
 * standings.changed spacing (docs/events.md). On a database of its own: another test file's instance would take this
 * tournament's held-back table and publish it at once, as any instance may.
 */
describe('standings.changed spacing', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase();
  });
  afterAll(() => testApp.close());

  it('publishes a tournament’s table at most once a second while its results keep coming, the last one with every result', async () => {
    const http = testApp.http;
    const as = { token: (await createPremiumAccount(testApp)).token };
    const created = await http.post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination' }, as);
    const id = (created.json() as { id: string }).id;
    const participants = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((name, index) => ({ name, seed: index + 1 }));
    expect((await http.post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, as)).statusCode).toBe(201);
    expect((await http.patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as)).statusCode).toBe(200);
    await settled(testApp);

    // Every result as soon as it can be reported: round by round to the final.
    for (;;) {
      const ready = (await http.get(`${TOURNAMENTS}/${id}/matches?status=ready`, as)).json() as { data: { id: string }[] };
      if (ready.data.length === 0) break;
      for (const match of ready.data) expect((await http.patch(`${TOURNAMENTS}/${id}/matches/${match.id}`, { scores: [2, 1] }, as)).statusCode).toBe(200);
    }
    await testApp.app.get(StandingsRefresher).drain({ spaced: true });
    await settled(testApp);

    const feed = (await http.get(`/api/v1/events?tournament_id=${id}&types=standings.changed`, as)).json() as { data: { occurred_at: string; data: unknown }[] };
    expect(feed.data.length).toBeGreaterThanOrEqual(2);
    const times = feed.data.map((event) => Date.parse(event.occurred_at));
    expect(times.slice(1).map((at, index) => at - times[index]).every((gap) => gap >= 1000)).toBe(true);
    const standings = (await http.get(`${TOURNAMENTS}/${id}/standings`, as)).json() as { data: unknown[] };
    expect(feed.data.at(-1)!.data).toEqual({ tournament_id: id, standings: standings.data });
  });

  it('drains for the accounts asked about: their waiting tables are found and published, another account’s are not theirs', async () => {
    const http = testApp.http;
    const [account, other] = [await createPremiumAccount(testApp), await createPremiumAccount(testApp)];
    const created = await http.post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination' }, { token: account.token });
    const id = (created.json() as { id: string }).id;
    const participants = ['A', 'B'].map((name, index) => ({ name, seed: index + 1 }));
    expect((await http.post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, { token: account.token })).statusCode).toBe(201);
    expect((await http.patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, { token: account.token })).statusCode).toBe(200);
    const refresher = testApp.app.get(StandingsRefresher);
    const refreshes = testApp.app.get(StandingsRefreshes);
    // No pass may publish the table meanwhile (a wake-up or the poll would): the request stays until the drain.
    const claim = jest.spyOn(refreshes, 'claim').mockResolvedValue(false);
    const waitingOf = (accountIds: string[]) => testApp.app.get(UnitOfWork).run(() => refreshes.waitingOf(accountIds));
    try {
      const [match] = ((await http.get(`${TOURNAMENTS}/${id}/matches`, { token: account.token })).json() as { data: { id: string }[] }).data;
      expect((await http.patch(`${TOURNAMENTS}/${id}/matches/${match.id}`, { scores: [2, 1] }, { token: account.token })).statusCode).toBe(200);
      expect((await waitingOf([account.id, other.id])).map((refresh) => refresh.tournamentId)).toEqual([id]);
      expect(await waitingOf([other.id])).toEqual([]);
    } finally {
      claim.mockRestore();
    }
    await refresher.drain({ accountIds: [account.id] });
    expect(await waitingOf([account.id])).toEqual([]);
  });
});
