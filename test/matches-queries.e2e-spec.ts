import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
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
    watchConnections();
  });

  /** Each statement sent on a connection of the driver, with that connection and the rows it returned. */
  const sent: { connection: Client; sql: string; rows: number }[] = [];

  /**
   * Watches every connection, whatever sends on it: the query builder (with a callback) or the persistence helper's
   * prepared statements (a promise).
   */
  function watchConnections(): void {
    const send = Client.prototype.query as (...args: unknown[]) => unknown;
    type Result = { rows?: unknown[] } | undefined;
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const config = args[0];
      const entry = { connection: this, sql: typeof config === 'string' ? config : (config as { text: string }).text, rows: 0 };
      sent.push(entry);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: Result) => {
          entry.rows = result?.rows?.length ?? 0;
          callback(error, result);
        };
        return send.apply(this, args);
      }
      return (send.apply(this, args) as Promise<Result>).then((result) => {
        entry.rows = result?.rows?.length ?? 0;
        return result;
      });
    } as never);
  }

  /**
   * The report's own statements: its transaction's, from BEGIN to COMMIT on the connection it holds (the app's
   * background work, such as the event log's sequencer, runs on other connections meanwhile).
   */
  function reportTransaction(): void {
    const begin = sent.findIndex((entry) => /^begin;?$/i.test(entry.sql.trim()));
    const connection = sent[begin].connection;
    const ofReport = sent.slice(begin).filter((entry) => entry.connection === connection);
    const commit = ofReport.findIndex((entry) => /^commit;?$/i.test(entry.sql.trim()));
    for (const { sql, rows } of ofReport.slice(0, commit + 1)) {
      statements.push(sql);
      rowsRead.push({ sql, rows });
    }
  }

  afterAll(() => testApp.close());

  const as = () => ({ token: owner.token });

  async function startedTournament(format: string, count: number, fields: object = {}): Promise<string> {
    const { id } = (await testApp.http.post('/api/v1/tournaments', { name: `Cup ${randomUUID()}`, ...(format ? { format } : {}), ...fields }, as())).json() as { id: string };
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
    sent.length = 0;
    const answer = await testApp.http.patch(`${base}/matches/${match.id}`, body, as());
    expect(answer.statusCode).toBe(200);
    reportTransaction();
    return statements.length;
  }

    it('is the same for a bracket of 4 and of 512', async () => {
    const small = await statementsOfReport(await startedTournament('single_elimination', 4), { scores: [1, 0] });
    const large = await statementsOfReport(await startedTournament('single_elimination', 512), { scores: [1, 0] });
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
  });

  it('does not grow with best_of: a best-of-5 series reported whole costs what a single result does, a game under way no more', async () => {
    const single = await statementsOfReport(await startedTournament('single_elimination', 512), { scores: [1, 0] });
    const games = [{ scores: [11, 7] }, { scores: [9, 11] }, { scores: [11, 5] }, { scores: [11, 9] }];
    const series = await statementsOfReport(await startedTournament('single_elimination', 512, { best_of: 5 }), { games });
    expect(series).toBe(single);
    const underWay = await statementsOfReport(await startedTournament('single_elimination', 512, { best_of: 5 }), { games: games.slice(0, 2) });
    expect(underWay).toBeLessThanOrEqual(single);
    // A game under way changes only its match: it does not read the bracket.
    expect(statements.some((sql) => /json_agg|from matches where account_id = (\?|\$1) and tournament_id = (\?|\$2) order by number/.test(sql))).toBe(false);
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
    expect(statements.some((sql) => /json_agg|as "checkedInAt"|from matches where account_id = (\?|\$1) and tournament_id = (\?|\$2) order by number/.test(sql))).toBe(false);
    expect(statementsOfLarge).toBeLessThanOrEqual(12);
  });

  it('reads only the matches around a first result in a bracket (where it sends its players, and their feeders): 8 and 512 players', async () => {
    const readBracket = () => statements.some((sql) => /json_agg|from matches where account_id = (\?|\$1) and tournament_id = (\?|\$2) order by number/.test(sql));
    for (const format of ['single_elimination', 'double_elimination']) {
      await statementsOfReport(await startedTournament(format, 8), { scores: [1, 0] });
      const small = rowsReadByTheReport();
      await statementsOfReport(await startedTournament(format, 512), { scores: [1, 0] });
      expect(rowsReadByTheReport()).toBe(small);
      expect(readBracket()).toBe(false);
    }
  });

  it('reads only the reported match in a swiss round or a stage’s group while another of its round or group is open: 8 and 256 players', async () => {
    const readMatches = () => statements.some((sql) => /json_agg|from matches where account_id = (\?|\$1) and tournament_id = (\?|\$2) order by number/.test(sql));
    await statementsOfReport(await startedTournament('swiss', 8), { scores: [1, 0] });
    const small = rowsReadByTheReport();
    await statementsOfReport(await startedTournament('swiss', 256), { scores: [1, 0] });
    expect(rowsReadByTheReport()).toBe(small);
    expect(readMatches()).toBe(false);

    const stages = (groups: number) => ({
      stages: [
        { key: 'swiss', name: 'Swiss', format: 'swiss', groups, advance: { per_group: 2 } },
        { key: 'playoff', name: 'Playoff', format: 'single_elimination' },
      ],
    });
    await statementsOfReport(await startedTournament('', 8, stages(1)), { scores: [1, 0] });
    const staged = rowsReadByTheReport();
    await statementsOfReport(await startedTournament('', 256, stages(4)), { scores: [1, 0] });
    expect(rowsReadByTheReport()).toBe(staged);
    expect(readMatches()).toBe(false);
  });
});

