import { createPremiumAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

/** What a newcomer meets in the first hour (issue 33): the home page, and errors that name the fix. */
describe('the first hour: a home page and messages that lead to the fix', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    ({ token } = await createPremiumAccount(testApp));
  });

  afterAll(() => testApp.close());

  async function tournamentWithPlayers(names: string[]): Promise<string> {
    const tournament = (await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'single_elimination' }, { token })).json();
    const bulk = await testApp.http.post(`/api/v1/tournaments/${tournament.id}/participants/bulk`, { participants: names.map((name) => ({ name })) }, { token });
    expect(bulk.statusCode).toBe(201);
    return tournament.id as string;
  }

  it('serves a home page at / that links to sign-up, sign-in and the docs, and says whether the database is reachable', async () => {
    const response = await testApp.http.get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['set-cookie']).toBeUndefined();
    for (const href of ['/account/signup', '/account/signin', '/docs', '/docs#walkthrough']) expect(response.body).toContain(`href="${href}"`);
    expect(response.body).toMatch(/id="status-database" class="status-ok">reachable</);
  });

  it('names the closest allowed field for an unknown one, and the closest query parameter', async () => {
    const created = await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', start_date: '2026-05-01T18:00:00.000Z' }, { token });
    expect(expectProblem(created, 422, 'validation_failed').errors).toEqual([
      { pointer: '/start_date', detail: 'start_date is not a recognised field. Did you mean starts_at?' },
    ]);
    const listed = await testApp.http.get('/api/v1/tournaments?limt=5&colour=red', { token });
    expect(expectProblem(listed, 400, 'invalid_parameter').errors).toEqual([
      { parameter: 'limt', detail: 'limt is not a recognised query parameter. Did you mean limit?' },
      { parameter: 'colour', detail: 'colour is not a recognised query parameter.' },
    ]);
  });

  it('names the wrapper when a bulk import is sent as a bare array', async () => {
    const id = await tournamentWithPlayers(['Ada', 'Bob']);
    const bare = await testApp.http.post(`/api/v1/tournaments/${id}/participants/bulk`, [{ name: 'Cy' }], { token });
    expect(expectProblem(bare, 422, 'validation_failed').errors).toEqual([
      { pointer: '', detail: 'The body must be a JSON object. Send the array in participants: {"participants": [...]}.' },
    ]);
  });

  it('points a bulk clash with registered participants at the clashing items, and registers none of the batch', async () => {
    const id = await tournamentWithPlayers(['Ada', 'Bob']);
    const clash = await testApp.http.post(`/api/v1/tournaments/${id}/participants/bulk`, { participants: [{ name: 'Cy' }, { name: 'BOB' }] }, { token });
    expect(expectProblem(clash, 409, 'participant_name_taken').errors).toEqual([
      { pointer: '/participants/1/name', detail: '"Bob" is already registered (names are compared ignoring case, look-alike and invisible characters).' },
    ]);
    expect((await testApp.http.get(`/api/v1/tournaments/${id}/participants`, { token })).json().data.map((p: { name: string }) => p.name)).toEqual(['Ada', 'Bob']);
    const single = await testApp.http.post(`/api/v1/tournaments/${id}/participants`, { name: 'ada' }, { token });
    expect(expectProblem(single, 409, 'participant_name_taken').errors).toEqual([{ pointer: '/name', detail: expect.stringContaining('"Ada"') }]);
  });

  it('previews a report on its own route, and marks the deprecated ?dry_run=true with Deprecation, Sunset and Link', async () => {
    const id = await tournamentWithPlayers(['Ada', 'Bob']);
    await testApp.http.patch(`/api/v1/tournaments/${id}`, { status: 'in_progress' }, { token });
    const [match] = (await testApp.http.get(`/api/v1/tournaments/${id}/matches?round=1`, { token })).json().data;
    const preview = await testApp.http.post(`/api/v1/tournaments/${id}/matches/${match.id}/preview`, { scores: [2, 1] }, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dry_run: true, tournament_completes: true, match: { id: match.id, status: 'completed' } });
    expect(preview.headers.deprecation).toBeUndefined();
    expect((await testApp.http.get(`/api/v1/tournaments/${id}/matches/${match.id}`, { token })).json().status).toBe('ready');

    const dryRun = await testApp.http.patch(`/api/v1/tournaments/${id}/matches/${match.id}?dry_run=true`, { scores: [2, 1] }, { token });
    const withoutTimes = (body: { match: Record<string, unknown> }) => ({ ...body, match: { ...body.match, completed_at: null, updated_at: null } });
    expect(withoutTimes(dryRun.json())).toEqual(withoutTimes(preview.json()));
    expect(dryRun.headers.deprecation).toBe(`@${Date.parse('2026-11-25T00:00:00Z') / 1000}`);
    expect(dryRun.headers.sunset).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
    expect(dryRun.headers.link).toBe('</api/v1/tournaments/{id}/matches/{match_id}/preview>; rel="successor-version", </docs#versioning>; rel="deprecation"');
    const reported = await testApp.http.patch(`/api/v1/tournaments/${id}/matches/${match.id}`, { scores: [2, 1] }, { token });
    expect(reported.statusCode).toBe(200);
    expect(reported.headers.deprecation).toBeUndefined();
  });

  it('names the instance it was fetched from as the OpenAPI document\'s server', async () => {
    const document = (await testApp.http.get('/api/v1/openapi.json', { headers: { host: 'tournaments.example.org' } })).json();
    expect(document.servers).toEqual([
      expect.objectContaining({ url: '{scheme}://{host}', variables: { scheme: { enum: ['https', 'http'], default: 'http' }, host: { default: 'tournaments.example.org' } } }),
    ]);
  });
});
