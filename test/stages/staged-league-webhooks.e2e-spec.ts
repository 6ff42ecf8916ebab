import { createPremiumAccount, TestAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { answer200, Receiver } from '../webhooks/receiver';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  stage: string | null;
  status: string;
  opponents: { participant_id: string | null }[];
}

/**
 * A staged tournament in a league, with a webhook endpoint (issue 40: webhooks and the league table keep working):
 * the endpoint receives each stage's completion and start, and the league counts the final placement.
 */
describe('stages: webhooks and the league table', () => {
  let testApp: TestApp;
  let account: TestAccount;
  let receiver: Receiver;

  beforeAll(async () => {
    testApp = await startTestApp({ webhookAllowHosts: ['127.0.0.1'], webhookConcurrency: 2, webhookTimeoutMs: 1_000, webhookPollMs: 100, eventPollMs: 100 });
    account = await createPremiumAccount(testApp);
    receiver = await Receiver.start(answer200);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await receiver.close();
  });

  const as = () => ({ token: account.token });
  const created = async (path: string, body: object) => {
    const response = await testApp.http.post(path, body, as());
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const open = async (base: string) => ((await testApp.http.get(`${base}/matches?limit=100`, as())).json() as { data: MatchJson[] }).data.filter((match) => match.status === 'ready');

  it('sends stage.completed and stage.started to the endpoint, and the league counts the final placement', async () => {
    await created('/api/v1/webhooks', { url: receiver.url(), event_types: ['stage.completed', 'stage.started', 'tournament.completed'] });
    const league = await created('/api/v1/leagues', { name: 'Club season' });
    const tournament = await created(TOURNAMENTS, {
      name: 'Club night',
      league_id: league.id,
      stages: [
        { key: 'pools', name: 'Pools', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
        { key: 'final', name: 'Final bracket', format: 'single_elimination' },
      ],
    });
    const base = `${TOURNAMENTS}/${tournament.id}`;
    const names = ['Ada', 'Bea', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
    const bulk = await testApp.http.post(`${base}/participants/bulk`, { participants: names.map((name, index) => ({ name, external_id: `p-${name}`, seed: index + 1 })) }, as());
    expect(bulk.statusCode).toBe(201);
    const seedOf = new Map((bulk.json() as { data: { id: string; seed: number }[] }).data.map((participant) => [participant.id, participant.seed]));
    expect((await testApp.http.patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);

    // The better seed wins every match, so no tie straddles the cut and Ada wins the event.
    for (let ready = await open(base); ready.length > 0; ready = await open(base)) {
      for (const match of ready) {
        const [first, second] = match.opponents.map((opponent) => seedOf.get(opponent.participant_id!)!);
        const answer = await testApp.http.patch(`${base}/matches/${match.id}`, { scores: first < second ? [2, 0] : [0, 2] }, as());
        expect(answer.statusCode).toBe(200);
      }
    }
    expect((await testApp.http.get(base, as())).json()).toMatchObject({ status: 'completed' });

    await receiver.waitFor(5, 15_000);
    const received = receiver.events() as unknown as { type: string; data: { stage?: string } }[];
    expect(received.map((event) => `${event.type}${event.data.stage ? ` ${event.data.stage}` : ''}`).sort()).toEqual([
      'stage.completed final',
      'stage.completed pools',
      'stage.started final',
      'stage.started pools',
      'tournament.completed',
    ]);

    const table = (await testApp.http.get(`/api/v1/leagues/${league.id}/standings`, as())).json() as { tournaments: { id: string }[]; data: { rank: number; competitor: string; results: { rank: number }[] }[] };
    expect(table.tournaments.map((counted) => counted.id)).toEqual([tournament.id]);
    expect(table.data[0]).toMatchObject({ rank: 1, competitor: 'p-Ada', results: [expect.objectContaining({ rank: 1 })] });
    // The final placement ranks every entrant: the bracket's four first, then the pools' others.
    expect(table.data).toHaveLength(8);
    const ranks = new Map(table.data.map((row) => [row.competitor, row.results[0].rank]));
    expect(ranks.get('p-Bea')).toBe(2);
    for (const knockedOutInPools of ['p-Eve', 'p-Fay', 'p-Gus', 'p-Hal']) expect(ranks.get(knockedOutInPools)).toBeGreaterThan(4);
  });
});
