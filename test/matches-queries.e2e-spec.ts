import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Reporting a result costs a fixed number of SQL statements whatever the tournament's size (issue 15's scale
 * goal): the whole bracket is read in one query and every change is written in batches. Counted, not timed.
 */
describe('matches: SQL statements per report', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  const statements: string[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    const knex = testApp.app.get(EntityManager).getKnex();
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));
  });

  afterAll(() => testApp.close());

  const as = () => ({ token: owner.token });

  async function startedTournament(format: string, count: number): Promise<string> {
    const { id } = (await testApp.http.post('/api/v1/tournaments', { name: `Cup ${randomUUID()}`, format }, as())).json() as { id: string };
    for (let from = 0; from < count; from += 256) {
      const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => ({ name: `P${from + i + 1}` }));
      expect((await testApp.http.post(`/api/v1/tournaments/${id}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    }
    expect((await testApp.http.patch(`/api/v1/tournaments/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return `/api/v1/tournaments/${id}`;
  }

  async function statementsOfReport(base: string, body: object): Promise<number> {
    const [match] = ((await testApp.http.get(`${base}/matches?status=ready&limit=1`, as())).json() as { data: { id: string }[] }).data;
    statements.length = 0;
    expect((await testApp.http.patch(`${base}/matches/${match.id}`, body, as())).statusCode).toBe(200);
    return statements.length;
  }

  it('is the same for a bracket of 4 and of 512', async () => {
    const small = await statementsOfReport(await startedTournament('single_elimination', 4), { scores: [1, 0] });
    const large = await statementsOfReport(await startedTournament('single_elimination', 512), { scores: [1, 0] });
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
  });

  it('is the same for a round robin of 4 and of 40', async () => {
    const small = await statementsOfReport(await startedTournament('round_robin', 4), { scores: [1, 1] });
    const large = await statementsOfReport(await startedTournament('round_robin', 40), { scores: [1, 1] });
    expect(large).toBe(small);
  });
});
