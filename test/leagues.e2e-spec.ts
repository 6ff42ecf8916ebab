import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const BASE = '/api/v1/leagues';

type LeagueBody = Record<string, unknown> & { id: string; name: string; version: number; tournament_count: number };

describe('leagues API', () => {
  const api = setUpApiTest();

  const http = () => api.testApp.http;
  const create = (body: object, account = api.owner, headers?: Record<string, string>) => http().post(BASE, body, { token: account.token, headers });
  async function created(body: object = {}, account = api.owner): Promise<LeagueBody> {
    const response = await create({ name: 'City League', ...body }, account);
    expect(response.statusCode).toBe(201);
    return response.json() as LeagueBody;
  }
  const read = async (id: string, account = api.owner) => (await http().get(`${BASE}/${id}`, { token: account.token })).json() as LeagueBody;
  const patch = (id: string, body: object, headers?: Record<string, string>, account = api.owner) =>
    http().patch(`${BASE}/${id}`, body, { token: account.token, headers });

  /** A tournament of the account referencing the league, made through the tournaments API. */
  async function attachTournament(leagueId: string, account = api.owner): Promise<string> {
    const response = await http().post('/api/v1/tournaments', { name: 'Round', format: 'swiss', league_id: leagueId }, { token: account.token });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  }

  async function countLeagues(account: TestAccount): Promise<number> {
    const em = api.testApp.app.get(EntityManager).fork();
    const [row] = await em.execute<{ count: string }[]>('select count(*) from leagues where account_id = ?', [account.id]);
    return Number(row.count);
  }

  describe('POST', () => {
    it('creates a league with defaults, Location and ETag', async () => {
      const response = await create({ name: '  City Chess League  ', game: ' Chess ', season: ' 2026 Spring ', starts_on: '2026-03-01' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        name: 'City Chess League',
        description: null,
        game: 'Chess',
        season: '2026 Spring',
        status: 'draft',
        timezone: 'UTC',
        starts_on: '2026-03-01',
        ends_on: null,
        metadata: {},
        scoring: 'placements',
        placement_points: [
          { ranks: '1', points: 100 },
          { ranks: '2', points: 70 },
          { ranks: '3-4', points: 50 },
          { ranks: '5-8', points: 30 },
          { ranks: '9-16', points: 15 },
          { ranks: '17-32', points: 5 },
        ],
        counted_results: null,
        visibility: 'private',
        rating: null,
        share_id: null,
        tournament_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: body.created_at,
        version: 1,
      });
      expect(response.headers.location).toBe(`${BASE}/${body.id}`);
      expect(response.headers.etag).toBe('"v1.0"');
      expect(await read(body.id)).toEqual(body);
    });

    it('keeps every field as sent, dates as calendar days whatever the time zone', async () => {
      const body = await created({
        description: 'Weekly rapid games.',
        status: 'active',
        timezone: 'Pacific/Kiritimati',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        metadata: { external_ref: 'lg-7' },
      });
      expect(await read(body.id)).toMatchObject({
        description: 'Weekly rapid games.',
        status: 'active',
        timezone: 'Pacific/Kiritimati',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        metadata: { external_ref: 'lg-7' },
      });
    });

    it('lists every bad field with a JSON Pointer and creates nothing', async () => {
      const before = await countLeagues(api.owner);
      const response = await create({
        name: ' ',
        description: 'd'.repeat(2001),
        game: 'g'.repeat(101),
        season: 's'.repeat(51),
        status: 'completed',
        timezone: 'Mars/Olympus',
        starts_on: '2026-02-30',
        ends_on: '2026-03-01T00:00:00Z',
        metadata: { ok: 'yes', bad: 3 },
      });
      const problem = expectProblem(response, 422, 'validation_failed');
      const pointers = (problem.errors as { pointer: string }[]).map((error) => error.pointer).sort();
      expect(pointers).toEqual(['/description', '/ends_on', '/game', '/metadata', '/name', '/season', '/starts_on', '/status', '/timezone']);
      expect(await countLeagues(api.owner)).toBe(before);
    });

    it('requires a name, and refuses archived as a first status', async () => {
      expect(expectProblem(await create({}), 422, 'validation_failed').errors).toEqual([{ pointer: '/name', detail: expect.any(String) }]);
      expectProblem(await create({ name: 'L', status: 'archived' }), 422, 'validation_failed');
    });

    it('refuses unknown and read-only fields rather than dropping them', async () => {
      const response = await create({ name: 'X', id: randomUUID(), version: 3, tournament_count: 5, created_at: 'x', colour: 'red' });
      const problem = expectProblem(response, 422, 'validation_failed');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/id', detail: 'id is read-only.' },
          { pointer: '/version', detail: 'version is read-only.' },
          { pointer: '/tournament_count', detail: 'tournament_count is read-only.' },
          { pointer: '/created_at', detail: 'created_at is read-only.' },
          { pointer: '/colour', detail: 'colour is not a recognised field.' },
        ]),
      );
    });

    it('requires ends_on not before starts_on', async () => {
      const response = await create({ name: 'X', starts_on: '2026-05-02', ends_on: '2026-05-01' });
      expect(expectProblem(response, 422, 'validation_failed').errors).toEqual([{ pointer: '/ends_on', detail: expect.any(String) }]);
      expect((await created({ starts_on: '2026-05-02', ends_on: '2026-05-02' })).ends_on).toBe('2026-05-02');
    });

    it('answers malformed JSON with 400 and a wrong media type with 415', async () => {
      expectProblem(await http().request('POST', BASE, { token: api.owner.token, rawBody: '{"name": ' }), 400, 'malformed_request');
      expectProblem(
        await http().request('POST', BASE, { token: api.owner.token, rawBody: '{"name":"x"}', headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      );
    });
  });

  describe('GET one', () => {
    it('returns a strong ETag and honours If-None-Match with 304', async () => {
      const { id } = await created();
      const first = await http().get(`${BASE}/${id}`, { token: api.owner.token });
      expect(first.headers.etag).toBe('"v1.0"');
      const again = await http().get(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-none-match': '"v1.0"' } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await patch(id, { name: 'Renamed' });
      const changed = await http().get(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-none-match': '"v1.0"' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).toBe('"v2.0"');
    });

    it('answers 404 for an unknown id and for a malformed one', async () => {
      expectProblem(await http().get(`${BASE}/${randomUUID()}`, { token: api.owner.token }), 404, 'not_found');
      expectProblem(await http().get(`${BASE}/not-a-uuid`, { token: api.owner.token }), 404, 'not_found');
    });

    it('needs a token', async () => {
      const { id } = await created();
      expectProblem(await http().get(`${BASE}/${id}`), 401, 'unauthenticated');
    });
  });

  describe('another account', () => {
    it('cannot see, change or delete a league, and is told it does not exist', async () => {
      const { id } = await created({ name: 'Private' });
      expectProblem(await http().get(`${BASE}/${id}`, { token: api.stranger.token }), 404, 'not_found');
      expectProblem(await patch(id, { name: 'Hijacked' }, {}, api.stranger), 404, 'not_found');
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.stranger.token }), 404, 'not_found');
      const list = await http().get(`${BASE}?limit=100`, { token: api.stranger.token });
      expect((list.json().data as { id: string }[]).map((league) => league.id)).not.toContain(id);
      expect(await read(id)).toMatchObject({ name: 'Private', version: 1 });
    });

    it('answers a malformed id with 404 for every method', async () => {
      expectProblem(await patch('nope', { name: 'X' }), 404, 'not_found');
      expectProblem(await http().delete(`${BASE}/nope`, { token: api.owner.token }), 404, 'not_found');
    });
  });

  describe('PATCH', () => {
    it('applies a merge patch (application/merge-patch+json or application/json) and returns the new representation and ETag', async () => {
      const { id } = await created({ description: 'old', game: 'Chess', season: '2026 Spring', metadata: { a: '1', b: '2' } });
      const response = await http().request('PATCH', `${BASE}/${id}`, {
        token: api.owner.token,
        body: { description: null, season: '2026 Fall', metadata: { a: null, c: '3' }, starts_on: '2026-09-01' },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        description: null,
        game: 'Chess',
        season: '2026 Fall',
        metadata: { b: '2', c: '3' },
        starts_on: '2026-09-01',
        version: 2,
      });
      expect(response.headers.etag).toBe('"v2.0"');
      const plain = await patch(id, { metadata: null, game: null });
      expect(plain.json()).toMatchObject({ metadata: {}, game: null, version: 3 });
    });

    it('keeps the version when the patch changes nothing', async () => {
      const { id } = await created({ season: 'S1' });
      const response = await patch(id, { season: 'S1' });
      expect(response.json().version).toBe(1);
      expect(response.headers.etag).toBe('"v1.0"');
    });

    it('refuses null for a required field, read-only fields and unknown fields', async () => {
      const { id } = await created();
      const response = await patch(id, { name: null, status: null, timezone: null, tournament_count: 0, updated_at: 'x', rank: 1 });
      const pointers = (expectProblem(response, 422, 'validation_failed').errors as { pointer: string }[]).map((e) => e.pointer).sort();
      expect(pointers).toEqual(['/name', '/rank', '/status', '/timezone', '/tournament_count', '/updated_at']);
    });

    it('checks ends_on against the stored starts_on', async () => {
      const { id } = await created({ starts_on: '2026-03-01' });
      const problem = expectProblem(await patch(id, { ends_on: '2026-02-28' }), 422, 'validation_failed');
      expect(problem.errors).toEqual([{ pointer: '/ends_on', detail: 'must not be before starts_on.' }]);
      expect((await patch(id, { starts_on: null, ends_on: '2026-02-28' })).statusCode).toBe(200);
    });

    it('moves through the lifecycle draft → active → completed → archived', async () => {
      const { id } = await created();
      for (const status of ['active', 'completed', 'archived']) {
        const response = await patch(id, { status });
        expect(response.statusCode).toBe(200);
        expect(response.json().status).toBe(status);
      }
      expect((await created({ name: 'Abandoned' })).status).toBe('draft');
    });

    it('lets a draft league be archived directly', async () => {
      const { id } = await created();
      expect((await patch(id, { status: 'archived' })).json().status).toBe('archived');
    });

    it('refuses an illegal transition with 409 naming the allowed targets', async () => {
      const { id } = await created();
      const problem = expectProblem(await patch(id, { status: 'completed' }), 409, 'invalid_state_transition');
      expect(problem).toMatchObject({ current_status: 'draft', requested_status: 'completed', allowed_transitions: ['active', 'archived'] });
      await patch(id, { status: 'active' });
      expect(expectProblem(await patch(id, { status: 'archived' }), 409, 'invalid_state_transition').allowed_transitions).toEqual(['completed']);
      expect(expectProblem(await patch(id, { status: 'draft' }), 409, 'invalid_state_transition').allowed_transitions).toEqual(['completed']);
    });

    it('treats archived as final, while its other fields stay editable', async () => {
      const { id } = await created({ status: 'active' });
      await patch(id, { status: 'completed' });
      await patch(id, { status: 'archived' });
      for (const status of ['draft', 'active', 'completed']) {
        expect(expectProblem(await patch(id, { status }), 409, 'invalid_state_transition').allowed_transitions).toEqual([]);
      }
      expect((await patch(id, { description: 'Final standings posted.', metadata: { archive: 'box-3' } })).statusCode).toBe(200);
    });

    it('changes nothing when any part of a patch is refused', async () => {
      const { id } = await created({ name: 'Before' });
      expectProblem(await patch(id, { name: 'After', status: 'completed' }), 409, 'invalid_state_transition');
      expect(await read(id)).toMatchObject({ name: 'Before', status: 'draft', version: 1 });
    });

    it('refuses a stale If-Match with 412 and honours a current one', async () => {
      const { id } = await created();
      await patch(id, { name: 'v2' });
      expectProblem(await patch(id, { name: 'late' }, { 'if-match': '"v1.0"' }), 412, 'precondition_failed');
      expect((await patch(id, { name: 'v3' }, { 'if-match': '"v2.0"' })).statusCode).toBe(200);
      expect((await patch(id, { name: 'v4' }, { 'if-match': '*' })).statusCode).toBe(200);
      expectProblem(await patch(id, { name: 'weak' }, { 'if-match': 'W/"v4"' }), 412, 'precondition_failed');
    });

    it('lets exactly one of several concurrent writers with the same If-Match win', async () => {
      const { id } = await created();
      const writers = Array.from({ length: 6 }, (_, n) => patch(id, { name: `Writer ${n}` }, { 'if-match': '"v1.0"' }));
      const responses = await Promise.all(writers);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 412, 412, 412, 412, 412]);
      const winner = responses.find((response) => response.statusCode === 200)!.json();
      expect(await read(id)).toMatchObject({ name: winner.name, version: 2 });
    });

    it('loses no update among concurrent writers without If-Match', async () => {
      const { id } = await created();
      const writers = Array.from({ length: 4 }, (_, n) => patch(id, { metadata: { [`k${n}`]: 'v' } }));
      expect((await Promise.all(writers)).map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const final = await read(id);
      expect(Object.keys(final.metadata as object).sort()).toEqual(['k0', 'k1', 'k2', 'k3']);
      expect(final.version).toBe(5);
    });
  });

  describe('DELETE', () => {
    it('deletes with 204, then the league is gone', async () => {
      const { id } = await created();
      const response = await http().delete(`${BASE}/${id}`, { token: api.owner.token });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectProblem(await http().get(`${BASE}/${id}`, { token: api.owner.token }), 404, 'not_found');
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token }), 404, 'not_found');
    });

    it('refuses to delete a league that still has tournaments (409 league_not_empty), deleting nothing', async () => {
      const { id } = await created({ status: 'active' });
      const tournamentId = await attachTournament(id);
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token }), 409, 'league_not_empty');
      expect(await read(id)).toMatchObject({ id, tournament_count: 1, version: 1 });
      expect((await http().get(`/api/v1/tournaments/${tournamentId}`, { token: api.owner.token })).json().league_id).toBe(id);

      // Once the tournament is detached, the league can go.
      expect((await http().patch(`/api/v1/tournaments/${tournamentId}`, { league_id: null }, { token: api.owner.token })).statusCode).toBe(200);
      expect((await http().delete(`${BASE}/${id}`, { token: api.owner.token })).statusCode).toBe(204);
    });

    it('honours If-Match', async () => {
      const { id } = await created();
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-match': '"v7"' } }), 412, 'precondition_failed');
      expect((await http().delete(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-match': '"v1.0"' } })).statusCode).toBe(204);
    });
  });

  describe('tournament_count', () => {
    it('counts the tournaments referencing the league, in every representation', async () => {
      const league = await created();
      expect(league.tournament_count).toBe(0);
      const first = await attachTournament(league.id);
      await attachTournament(league.id);
      expect((await read(league.id)).tournament_count).toBe(2);
      expect((await patch(league.id, { season: 'S2' })).json().tournament_count).toBe(2);
      const listed = (await http().get(`${BASE}?limit=100`, { token: api.owner.token })).json().data as LeagueBody[];
      expect(listed.find((item) => item.id === league.id)?.tournament_count).toBe(2);

      expect((await http().delete(`/api/v1/tournaments/${first}`, { token: api.owner.token })).statusCode).toBe(204);
      expect((await read(league.id)).tournament_count).toBe(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for a retry and creates nothing more', async () => {
      const key = randomUUID();
      const first = await create({ name: 'Once', metadata: { b: '2', a: '1' } }, api.owner, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await countLeagues(api.owner);
      const retry = await create({ metadata: { a: '1', b: '2' }, name: 'Once' }, api.owner, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers.location).toBe(first.headers.location);
      expect(retry.headers.etag).toBe('"v1.0"');
      expect(await countLeagues(api.owner)).toBe(before);
    });

    it('refuses the same key with another body (422) and keeps keys per account', async () => {
      const key = randomUUID();
      await create({ name: 'One' }, api.owner, { 'idempotency-key': key });
      expectProblem(await create({ name: 'Two' }, api.owner, { 'idempotency-key': key }), 422, 'idempotency_key_reused');
      const theirs = await create({ name: 'Two' }, api.stranger, { 'idempotency-key': key });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    });

    it('does not confuse a league and a tournament created with the same key', async () => {
      const key = randomUUID();
      expect((await create({ name: 'Shared key' }, api.owner, { 'idempotency-key': key })).statusCode).toBe(201);
      const tournament = await http().post(
        '/api/v1/tournaments',
        { name: 'Shared key', format: 'swiss' },
        { token: api.owner.token, headers: { 'idempotency-key': key } },
      );
      expectProblem(tournament, 422, 'idempotency_key_reused');
    });
  });

  describe('GET list', () => {
    let lister: TestAccount;
    // name, status, game, season, starts_on
    const rows = [
      ['Delta Open', 'draft', 'Chess', '2026 Spring', '2026-05-01'],
      ['alpha cup', 'active', 'Go', '2026 Spring', null],
      ['Charlie Masters', 'active', 'chess', '2026 Fall', '2026-03-01'],
      ['bravo league night', 'draft', null, null, '2026-03-01'],
      ['Echo 100% Invitational', 'active', 'Chess', '2026 fall', '2026-09-15'],
    ] as const;
    const listed: LeagueBody[] = [];

    beforeAll(async () => {
      lister = await createPremiumAccount(api.testApp);
      for (const [name, status, game, season, startsOn] of rows) {
        const response = await create({ name, status, game, season, starts_on: startsOn }, lister);
        expect(response.statusCode).toBe(201);
        listed.push(response.json());
      }
      // One league moves on to completed, one to archived (by transitions, as clients do).
      await patch(listed[2].id, { status: 'completed' }, {}, lister);
      await patch(listed[3].id, { status: 'archived' }, {}, lister);
    });

    const list = (query: string) => http().get(`${BASE}${query}`, { token: lister.token });
    const namesOf = async (query: string) => ((await list(query)).json().data as LeagueBody[]).map((league) => league.name);

    /** Every page of a query through its Link headers, checking the envelope on the way. */
    async function pageThrough(query: string): Promise<string[]> {
      const seen: string[] = [];
      let url: string | undefined = query;
      for (let page = 0; url !== undefined && page < 20; page++) {
        const response = await list(url);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        seen.push(...(body.data as LeagueBody[]).map((league) => league.name));
        if (body.next_cursor === null) {
          expect(response.headers.link).toBeUndefined();
          url = undefined;
        } else {
          const link = String(response.headers.link);
          expect(link).toMatch(/^<\/api\/v1\/leagues\?[^>]*cursor=[^>]+>; rel="next"$/);
          url = link.match(/^<\/api\/v1\/leagues(\?[^>]+)>/)![1];
        }
      }
      return seen;
    }

    it('returns the envelope, newest first by default, with each league as GET shows it', async () => {
      const response = await list('');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.next_cursor).toBeNull();
      expect(body.data.map((league: LeagueBody) => league.name)).toEqual(rows.map(([name]) => name).reverse());
      expect(body.data[0]).toEqual(await read(listed[4].id, lister));
    });

    it.each([
      ['-created_at', ['Echo 100% Invitational', 'bravo league night', 'Charlie Masters', 'alpha cup', 'Delta Open']],
      ['created_at', ['Delta Open', 'alpha cup', 'Charlie Masters', 'bravo league night', 'Echo 100% Invitational']],
      ['name', ['alpha cup', 'bravo league night', 'Charlie Masters', 'Delta Open', 'Echo 100% Invitational']],
      ['-name', ['Echo 100% Invitational', 'Delta Open', 'Charlie Masters', 'bravo league night', 'alpha cup']],
    ])('sorts by %s and pages two at a time without skipping or repeating', async (sort, expected) => {
      expect(await pageThrough(`?limit=2&sort=${sort}`)).toEqual(expected);
    });

    it('sorts by starts_on, ties on id, leagues without a start date last (first descending)', async () => {
      const sameDay = [listed[2], listed[3]].sort((a, b) => (a.id < b.id ? -1 : 1)).map((league) => league.name);
      const ascending = [...sameDay, 'Delta Open', 'Echo 100% Invitational', 'alpha cup'];
      expect(await pageThrough('?limit=2&sort=starts_on')).toEqual(ascending);
      expect(await pageThrough('?limit=2&sort=-starts_on')).toEqual([...ascending].reverse());
    });

    it('neither skips nor repeats rows when a league is added between pages', async () => {
      const first = (await list('?limit=2')).json();
      const added = await created({ name: 'Zulu Newcomer' }, lister);
      const rest = await pageThrough(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
      expect([...first.data.map((league: LeagueBody) => league.name), ...rest]).toEqual(rows.map(([name]) => name).reverse());
      expect((await http().delete(`${BASE}/${added.id}`, { token: lister.token })).statusCode).toBe(204);
    });

    it('filters by status (comma list), game and season ignoring case, and q', async () => {
      const sorted = async (query: string) => (await namesOf(query)).sort();
      expect(await sorted('?status=active')).toEqual(['Echo 100% Invitational', 'alpha cup']);
      expect(await sorted('?status=completed,archived')).toEqual(['Charlie Masters', 'bravo league night']);
      // Repeated parameters (what generated clients send by default) mean the same as a comma-separated list.
      expect(await sorted('?status=completed&status=archived')).toEqual(['Charlie Masters', 'bravo league night']);
      expect(await sorted('?status=draft,active,completed,archived')).toHaveLength(5);
      expect(await sorted('?game=CHESS')).toEqual(['Charlie Masters', 'Delta Open', 'Echo 100% Invitational']);
      expect(await sorted('?season=2026%20FALL')).toEqual(['Charlie Masters', 'Echo 100% Invitational']);
      expect(await sorted('?q=LEAGUE')).toEqual(['bravo league night']);
      expect(await sorted('?q=100%25')).toEqual(['Echo 100% Invitational']);
      expect(await sorted('?q=o&game=chess&status=draft,active&season=2026%20spring')).toEqual(['Delta Open']);
      expect(await sorted('?q=nothing-like-this')).toEqual([]);
    });

    it('pages through a filtered list with the filters kept in the Link header', async () => {
      expect(await pageThrough('?limit=1&game=chess&sort=name')).toEqual(['Charlie Masters', 'Delta Open', 'Echo 100% Invitational']);
    });

    it('refuses unknown and bad parameters with 400 naming each', async () => {
      const problem = expectProblem(await list('?limit=0&sort=starts_at&page=2&status=open&league_id=x'), 400, 'invalid_parameter');
      expect((problem.errors as { parameter: string }[]).map((e) => e.parameter).sort()).toEqual(['league_id', 'limit', 'page', 'sort', 'status']);
      expectProblem(await list('?limit=101'), 400, 'invalid_parameter');
      expectProblem(await list(`?season=${'s'.repeat(51)}`), 400, 'invalid_parameter');
    });

    it('refuses a forged cursor and one from another query; another account replaying it sees only its own leagues', async () => {
      const first = (await list('?limit=1')).json();
      expectProblem(await list(`?limit=1&cursor=${first.next_cursor}x`), 400, 'invalid_parameter');
      const problem = expectProblem(await list(`?limit=1&sort=name&cursor=${first.next_cursor}`), 400, 'invalid_parameter');
      expect(problem.errors).toEqual([{ parameter: 'cursor', detail: expect.any(String) }]);
      expect((await list(`?limit=3&cursor=${first.next_cursor}`)).statusCode).toBe(200);
      const stolen = await http().get(`${BASE}?limit=1&cursor=${first.next_cursor}`, { token: api.stranger.token });
      expect(((stolen.json().data ?? []) as LeagueBody[]).map((league) => league.id)).not.toEqual(expect.arrayContaining(listed.map((league) => league.id)));
    });
  });
});
