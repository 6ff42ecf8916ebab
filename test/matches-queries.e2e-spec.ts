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
  /** Rows each statement returned (a count is one row), with the statement. */
  const rowsRead: { sql: string; rows: number }[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    const knex = testApp.app.get(EntityManager).getKnex();
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));
    knex.on('query-response', (response: unknown, query: { sql: string }) => {
      const rows = Array.isArray(response) ? response : (response as { rows?: unknown[] } | undefined)?.rows;
      rowsRead.push({ sql: query.sql, rows: rows?.length ?? 0 });
    });
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
    rowsRead.length = 0;
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

  /** The standings.changed event reads the table once: the field, and the matches as JSON batches (for a worker thread). */
  const isTableRead = (sql: string) => /json_agg/.test(sql) || /as "checkedInAt"/.test(sql);
  const rowsReadForTheReport = () => rowsRead.reduce((sum, { sql, rows }) => (isTableRead(sql) ? sum : sum + rows), 0);

  it('reads only the reported match (and one other open match) in a round robin, whatever its size, besides the standings event: 4 and 128 players', async () => {
    await statementsOfReport(await startedTournament('round_robin', 4), { scores: [2, 1] });
    const small = rowsReadForTheReport();
    const large = await startedTournament('round_robin', 128);
    const statementsOfLarge = await statementsOfReport(large, { scores: [2, 1] });
    // The lock, the tournament, the match, one other open match, the two opponents' names: nothing that grows with the 8 128 matches.
    expect(rowsReadForTheReport()).toBe(small);
    expect(small).toBeGreaterThanOrEqual(3);
    expect(rowsReadForTheReport()).toBeLessThanOrEqual(8);
    // The event's table: the 128 participants and the 8 128 matches in 9 JSON batches, never as 8 128 rows.
    expect(statements.filter(isTableRead)).toHaveLength(2);
    expect(statements.some((sql) => /select \* from matches where account_id = \? and tournament_id = \? order by number/.test(sql))).toBe(false);
    expect(statementsOfLarge).toBeLessThanOrEqual(14);
  });
});
