import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { StandingsRefresher } from '../src/matches/standings-refresher.service';
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
    // Statements are counted per report: the table a report asks for is published later, by a refresher kept out of the count.
    jest.spyOn(testApp.app.get(StandingsRefresher), 'wake').mockImplementation(() => undefined);
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

  const rowsReadByTheReport = () => rowsRead.reduce((sum, { rows }) => sum + rows, 0);

  it('reads only the reported match (and one other open match) in a round robin, whatever its size: 4 and 128 players', async () => {
    await statementsOfReport(await startedTournament('round_robin', 4), { scores: [2, 1] });
    const small = rowsReadByTheReport();
    const large = await startedTournament('round_robin', 128);
    const statementsOfLarge = await statementsOfReport(large, { scores: [2, 1] });
    // The lock, the tournament, the match, one other open match, the two opponents' names: nothing that grows with the 8 128 matches.
    expect(rowsReadByTheReport()).toBe(small);
    expect(small).toBeGreaterThanOrEqual(3);
    expect(small).toBeLessThanOrEqual(8);
    // The table is published after the commit (StandingsRefresher): the report neither reads the field nor the matches.
    expect(statements.some((sql) => /json_agg|as "checkedInAt"|from matches where account_id = \? and tournament_id = \? order by number/.test(sql))).toBe(false);
    expect(statementsOfLarge).toBeLessThanOrEqual(12);
  });
});
