import { createPremiumAccount, TestAccount } from '../support/accounts';
import { databaseState } from '../support/database-state';
import { expectProblem, startTestAppOnOwnDatabase, TestApp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';
const LEAGUES = '/api/v1/leagues';

/** Input an attacker or a careless client sends: every one is a 4xx problem and changes nothing. */
describe('hostile input', () => {
  let testApp: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase();
    account = await createPremiumAccount(testApp);
  });

  afterAll(() => testApp.close());

  const post = (url: string, rawBody: string) => testApp.http.request('POST', url, { token: account.token, rawBody });
  const patch = (url: string, rawBody: string, headers?: Record<string, string>) =>
    testApp.http.request('PATCH', url, { token: account.token, rawBody, headers });
  const get = (url: string) => testApp.http.get(url, { token: account.token });
  async function aTournament(): Promise<{ id: string; url: string }> {
    const response = await post(TOURNAMENTS, JSON.stringify({ name: 'Cup', format: 'swiss' }));
    expect(response.statusCode).toBe(201);
    return { id: response.json().id, url: `${TOURNAMENTS}/${response.json().id}` };
  }
  function errorsOf(problem: Record<string, unknown>): { pointer?: string; parameter?: string }[] {
    return problem.errors as { pointer?: string; parameter?: string }[];
  }

  describe('the NUL character', () => {
    it.each([
      ['a field', TOURNAMENTS, '{"name":"a\\u0000b","format":"swiss"}', '/name'],
      ['a metadata value', TOURNAMENTS, '{"name":"a","format":"swiss","metadata":{"ref":"x\\u0000"}}', '/metadata/ref'],
      ['a metadata key', LEAGUES, '{"name":"a","metadata":{"r\\u0000f":"x"}}', '/metadata/r\u0000f'],
    ])('in %s is a 422 on its pointer, not a 503', async (_what, url, body, pointer) => {
      const before = await databaseState(testApp);
      const problem = expectProblem(await post(url, body), 422, 'validation_failed');
      expect(errorsOf(problem).map((error) => error.pointer)).toEqual([pointer]);
      expect(await databaseState(testApp)).toEqual(before);
    });

    it.each([
      [`${LEAGUES}?q=%00`, 'q'],
      [`${LEAGUES}?game=a%00`, 'game'],
      [`${TOURNAMENTS}?q=%00`, 'q'],
    ])('in a query parameter (%s) is a 400 naming it', async (url, parameter) => {
      const problem = expectProblem(await get(url), 400, 'invalid_parameter');
      expect(errorsOf(problem).map((error) => error.parameter)).toEqual([parameter]);
    });

    it('in a PATCH is a 422 and the resource is unchanged', async () => {
      const { url } = await aTournament();
      expectProblem(await patch(url, '{"description":"\\u0000"}'), 422, 'validation_failed');
      expect((await get(url)).json()).toMatchObject({ description: null, version: 1 });
    });
  });

  describe('names of Object.prototype members', () => {
    const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

    it.each([TOURNAMENTS, LEAGUES])('are stored as sent as metadata keys (%s), and merge-patched like any key', async (collection) => {
      const metadata = `{${PROTOTYPE_KEYS.map((key) => `"${key}":"${key}-value"`).join(',')}}`;
      const fields = collection === TOURNAMENTS ? '"name":"Proto","format":"swiss"' : '"name":"Proto"';
      const created = await post(collection, `{${fields},"metadata":${metadata}}`);
      expect(created.statusCode).toBe(201);
      const expected = JSON.parse(metadata);
      expect(Object.keys(created.json().metadata).sort()).toEqual([...PROTOTYPE_KEYS].sort());
      const url = `${collection}/${created.json().id}`;
      expect(JSON.stringify((await get(url)).json().metadata, Object.keys(expected).sort())).toBe(JSON.stringify(expected, Object.keys(expected).sort()));

      const patched = await patch(url, '{"metadata":{"__proto__":null,"constructor":"changed","toString":null}}');
      expect(patched.statusCode).toBe(200);
      expect(Object.keys((await get(url)).json().metadata).sort()).toEqual(['constructor', 'hasOwnProperty', 'isPrototypeOf', 'valueOf']);
      expect((await get(url)).json().metadata.constructor).toBe('changed');
    });

    it.each(PROTOTYPE_KEYS)('are refused as unknown top-level fields (%s)', async (key) => {
      const before = await databaseState(testApp);
      const problem = expectProblem(await post(TOURNAMENTS, `{"name":"a","format":"swiss","${key}":"x"}`), 422, 'validation_failed');
      expect(errorsOf(problem)).toEqual([{ pointer: `/${key}`, detail: `${key} is not a recognised field.` }]);
      const { url } = await aTournament();
      expectProblem(await patch(url, `{"${key}":{"name":"x"}}`), 422, 'validation_failed');
      expect(await databaseState(testApp)).not.toEqual(before); // the tournament made above
    });

    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('are refused as unknown query parameters (%s)', async (key) => {
      const problem = expectProblem(await get(`${TOURNAMENTS}?${key}=1`), 400, 'invalid_parameter');
      expect(errorsOf(problem).map((error) => error.parameter)).toEqual([key]);
      expectProblem(await get(`${LEAGUES}?${key}=1`), 400, 'invalid_parameter');
    });
  });

  describe('nested request items (a bulk import)', () => {
    const bulkOf = (items: string) => `{"participants":[{"name":"Ada"},${items}]}`;

    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
      'refuse an unknown field named %s on its item pointer, and import nothing',
      async (key) => {
        const { url } = await aTournament();
        const before = await databaseState(testApp);
        const problem = expectProblem(await post(`${url}/participants/bulk`, bulkOf(`{"name":"Bob","${key}":"x"}`)), 422, 'validation_failed');
        expect(errorsOf(problem)).toEqual([{ pointer: `/participants/1/${key}`, detail: `${key} is not a recognised field.` }]);
        expect(await databaseState(testApp)).toEqual(before);
      },
    );

    it('refuse read-only and NUL fields in any item, every one listed', async () => {
      const { url } = await aTournament();
      const problem = expectProblem(await post(`${url}/participants/bulk`, bulkOf('{"name":"Bob","id":"x"},{"name":"C\\u0000y"}')), 422, 'validation_failed');
      expect(errorsOf(problem)).toEqual(
        expect.arrayContaining([
          { pointer: '/participants/1/id', detail: 'id is read-only.' },
          { pointer: '/participants/2/name', detail: expect.stringContaining('NUL') },
        ]),
      );
      expect(errorsOf(problem)).toHaveLength(2);
    });

    it('store prototype-named metadata keys as sent', async () => {
      const { url } = await aTournament();
      const metadata = '{"constructor":"c","toString":"t","__proto__":"p","hasOwnProperty":"h","valueOf":"v"}';
      const response = await post(`${url}/participants/bulk`, `{"participants":[{"name":"Ada","metadata":${metadata}}]}`);
      expect(response.statusCode).toBe(201);
      const stored = (await get(`${url}/participants/${response.json().data[0].id}`)).json().metadata;
      expect(Object.entries(stored).sort()).toEqual(Object.entries(JSON.parse(metadata)).sort());
    });

    it('still trim names and report repeats across items', async () => {
      const { url } = await aTournament();
      const problem = expectProblem(await post(`${url}/participants/bulk`, bulkOf('{"name":" ada "}')), 422, 'validation_failed');
      expect(errorsOf(problem).map((error) => error.pointer)).toEqual(['/participants/1/name']);
      const created = await post(`${url}/participants/bulk`, bulkOf('{"name":"  Bob  "}'));
      expect(created.statusCode).toBe(201);
      expect(created.json().data.map((participant: { name: string }) => participant.name)).toEqual(['Ada', 'Bob']);
    });

    it.each([['null', 'null'], ['a string', '"x"'], ['an array', '[]']])('refuse an item that is %s', async (_what, item) => {
      const { url } = await aTournament();
      const problem = expectProblem(await post(`${url}/participants/bulk`, bulkOf(item)), 422, 'validation_failed');
      expect(errorsOf(problem)).toEqual([{ pointer: '/participants/1', detail: 'Each item must be a JSON object.' }]);
    });
  });

  describe('a match result (PATCH a match)', () => {
    async function aMatch(): Promise<string> {
      const { url } = await aTournament();
      expect((await post(`${url}/participants/bulk`, '{"participants":[{"name":"A"},{"name":"B"}]}')).statusCode).toBe(201);
      expect((await patch(url, '{"status":"in_progress"}')).statusCode).toBe(200);
      return `${url}/matches/${(await get(`${url}/matches`)).json().data[0].id}`;
    }

    it.each([
      ['an unknown field named constructor', '{"scores":[1,0],"constructor":"x"}', '/constructor'],
      ['an unknown field named __proto__', '{"scores":[1,0],"__proto__":{"scores":[2,0]}}', '/__proto__'],
      ['an unknown field named toString', '{"toString":"x","scores":[1,0]}', '/toString'],
      ['NUL in winner_id', '{"winner_id":"\\u0000"}', '/winner_id'],
      ['an object among the scores', '{"scores":[{"constructor":1},0]}', '/scores'],
      ['null', 'null', ''],
      ['an empty body', '', ''],
    ])('with %s is a 422 and changes nothing', async (_what, body, pointer) => {
      const url = await aMatch();
      const before = await databaseState(testApp);
      const problem = expectProblem(await patch(url, body), 422, 'validation_failed');
      expect(errorsOf(problem).map((error) => error.pointer)).toContain(pointer);
      expect(await databaseState(testApp)).toEqual(before);
    });
  });

  describe('instants', () => {
    const UNSTORABLE = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999-23:59', '2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-04-31T10:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:00:00+24:00', '2025-02-29T00:00:00Z'];

    it.each(UNSTORABLE)('%s is a 422 in a body and a 400 in a filter', async (instant) => {
      const before = await databaseState(testApp);
      const problem = expectProblem(await post(TOURNAMENTS, JSON.stringify({ name: 'a', format: 'swiss', starts_at: instant })), 422, 'validation_failed');
      expect(errorsOf(problem).map((error) => error.pointer)).toEqual(['/starts_at']);
      for (const parameter of ['starts_after', 'starts_before']) {
        expectProblem(await get(`${TOURNAMENTS}?${parameter}=${encodeURIComponent(instant)}`), 400, 'invalid_parameter');
      }
      expect(await databaseState(testApp)).toEqual(before);
    });

    it('keeps the extremes PostgreSQL can store, and real leap days', async () => {
      for (const instant of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2024-02-29T12:00:00+14:00']) {
        const response = await post(TOURNAMENTS, JSON.stringify({ name: 'a', format: 'swiss', starts_at: instant }));
        expect(response.statusCode).toBe(201);
        expect(new Date(response.json().starts_at).getTime()).toBe(new Date(instant).getTime());
      }
    });

    it('refuses the calendar date 0000-01-01 on a league', async () => {
      const problem = expectProblem(await post(LEAGUES, '{"name":"a","starts_on":"0000-01-01"}'), 422, 'validation_failed');
      expect(errorsOf(problem).map((error) => error.pointer)).toEqual(['/starts_on']);
    });
  });

  describe('deep nesting', () => {
    it.each([
      ['an array', `{"name":"a","format":"swiss","metadata":${'['.repeat(2000)}${']'.repeat(2000)}}`],
      ['objects', `{"name":"a","format":"swiss","metadata":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`],
      ['a bare array', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ])('of %s is refused early with a 400', async (_what, body) => {
      const problem = expectProblem(await post(TOURNAMENTS, body), 400, 'malformed_request');
      expect(problem.detail).toContain('nested more than');
    });
  });

  describe('PATCH without an object', () => {
    it.each([['null', 'null'], ['an empty body', ''], ['an array', '[]'], ['a string', '"x"'], ['a number', '1']])(
      'with %s is a 422 and changes nothing',
      async (_what, body) => {
        const { url } = await aTournament();
        const problem = expectProblem(await patch(url, body), 422, 'validation_failed');
        expect(problem.errors).toEqual([{ pointer: '', detail: 'The body must be a JSON object.' }]);
        expect((await get(url)).json().version).toBe(1);
      },
    );
  });

  describe('If-Match (RFC 9110 §13.1.1)', () => {
    it('compares strongly, whole tags only', async () => {
      const { url } = await aTournament();
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': '"v1.077"' }), 412, 'precondition_failed');
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': '"v1"' }), 412, 'precondition_failed');
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': 'W/"v1.0"' }), 412, 'precondition_failed');
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': 'v1.0' }), 412, 'precondition_failed');
      expect((await get(url)).json().version).toBe(1);
    });

    it('matches when any listed tag matches, and * for any version', async () => {
      const { url } = await aTournament();
      const listed = await patch(url, '{"name":"b"}', { 'if-match': '"v9.0", "v1.0"' });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers.etag).toBe('"v2.0"');
      expect((await patch(url, '{"name":"c"}', { 'if-match': 'W/"v2.0", "v2.0"' })).statusCode).toBe(200);
      expect((await patch(url, '{"name":"d"}', { 'if-match': '*' })).statusCode).toBe(200);
      expectProblem(await patch(url, '{"name":"e"}', { 'if-match': '"v3.0", *' }), 412, 'precondition_failed');
    });

    it('includes a league\'s derived part: "v1" is not "v1.0"', async () => {
      const created = await post(LEAGUES, '{"name":"L"}');
      const url = `${LEAGUES}/${created.json().id}`;
      expect(created.headers.etag).toBe('"v1.0"');
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': '"v1"' }), 412, 'precondition_failed');
      expectProblem(await patch(url, '{"name":"b"}', { 'if-match': '"v1.0.5"' }), 412, 'precondition_failed');
      expect((await patch(url, '{"name":"b"}', { 'if-match': '"v1.0"' })).statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    it('sends nosniff everywhere and no-store on authenticated responses and errors', async () => {
      const live = await testApp.http.get('/health/live');
      expect(live.headers['x-content-type-options']).toBe('nosniff');
      const docs = await testApp.http.get('/docs');
      expect(docs.headers['x-content-type-options']).toBe('nosniff');
      const list = await get(TOURNAMENTS);
      expect(list.statusCode).toBe(200);
      expect(list.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
      const { url } = await aTournament();
      expect((await get(url)).headers['cache-control']).toBe('no-store');
      for (const refused of [await testApp.http.get(TOURNAMENTS), await testApp.http.get('/nowhere'), await get(`${TOURNAMENTS}/x`)]) {
        expect(refused.statusCode).toBeGreaterThanOrEqual(400);
        expect(refused.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
      }
    });
  });
});
