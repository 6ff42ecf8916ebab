import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const BASE = '/api/v1/tournaments';

describe('tournaments API', () => {
  const api = setUpApiTest();

  const http = () => api.testApp.http;
  const create = (body: object, account = api.owner, headers?: Record<string, string>) =>
    http().post(BASE, body, { token: account.token, headers });
  async function created(body: object = {}, account = api.owner) {
    const response = await create({ name: 'Spring Cup', format: 'single_elimination', ...body }, account);
    expect(response.statusCode).toBe(201);
    return response.json() as Record<string, unknown> & { id: string; version: number };
  }
  /** Starting needs two participants (spec §12). */
  async function withTwoParticipants(id: string): Promise<void> {
    const participants = [{ name: 'Ada' }, { name: 'Grace' }];
    expect((await http().post(`${BASE}/${id}/participants/bulk`, { participants }, { token: api.owner.token })).statusCode).toBe(201);
  }

  describe('POST', () => {
    it('creates a tournament with defaults, Location and ETag', async () => {
      const response = await create({ name: '  Spring Cup  ', format: 'swiss', starts_at: '2026-05-01T20:00:00+02:00' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        name: 'Spring Cup',
        description: null,
        game: null,
        format: 'swiss',
        participant_type: 'single',
        max_participants: null,
        status: 'draft',
        timezone: 'UTC',
        starts_at: '2026-05-01T18:00:00.000Z',
        ends_at: null,
        league_id: null,
        metadata: {},
        rounds: null,
        third_place_match: false,
        points: { win: 1, draw: 0.5, loss: 0 },
        tiebreakers: ['buchholz', 'sonneborn_berger', 'seed'],
        legs: null,
        best_of: 1,
        weight: 1,
        check_in_required: false,
        check_in_opens_at: null,
        check_in_closes_at: null,
        visibility: 'private',
        schedule: { starts_at: null, match_minutes: 30, rest_minutes: 10, windows: null },
        share_id: null,
        stages: null,
        started_at: null,
        completed_at: null,
        participant_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: body.created_at,
        version: 1,
      });
      expect(response.headers.location).toBe(`${BASE}/${body.id}`);
      expect(response.headers.etag).toBe('"v1.0"');
      const read = await http().get(`${BASE}/${body.id}`, { token: api.owner.token });
      expect(read.json()).toEqual(body);
    });

    it('lists every bad field with a JSON Pointer and creates nothing', async () => {
      const before = await countTournaments();
      const response = await create({
        name: '',
        format: 'knockout',
        max_participants: 1,
        timezone: 'Mars/Olympus',
        starts_at: 'tomorrow',
        metadata: { ok: 'yes', bad: 3 },
        league_id: 'nope',
        status: 'completed',
      });
      const problem = expectProblem(response, 422, 'validation_failed');
      const pointers = (problem.errors as { pointer: string }[]).map((error) => error.pointer).sort();
      expect(pointers).toEqual(['/format', '/league_id', '/max_participants', '/metadata', '/name', '/starts_at', '/status', '/timezone']);
      expect(await countTournaments()).toBe(before);
    });

    it('refuses unknown and read-only fields rather than dropping them', async () => {
      const response = await create({ name: 'X', format: 'swiss', id: randomUUID(), version: 3, colour: 'red' });
      const problem = expectProblem(response, 422, 'validation_failed');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/id', detail: 'id is read-only.' },
          { pointer: '/version', detail: 'version is read-only.' },
          { pointer: '/colour', detail: 'colour is not a recognised field.' },
        ]),
      );
    });

    it('requires ends_at not before starts_at', async () => {
      const response = await create({ name: 'X', format: 'swiss', starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' });
      expect(expectProblem(response, 422, 'validation_failed').errors).toEqual([{ pointer: '/ends_at', detail: expect.any(String) }]);
    });

    it('accepts registration_open as the initial status', async () => {
      expect((await created({ status: 'registration_open' })).status).toBe('registration_open');
    });

    it('answers malformed JSON with 400, a wrong media type with 415, a huge body with 413', async () => {
      expectProblem(await http().request('POST', BASE, { token: api.owner.token, rawBody: '{"name": ' }), 400, 'malformed_request');
      expectProblem(
        await http().request('POST', BASE, { token: api.owner.token, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        415,
        'unsupported_media_type',
      );
      expectProblem(
        await http().request('POST', BASE, { token: api.owner.token, rawBody: '{"name":"x"}', headers: { 'content-type': 'application/merge-patch+json' } }),
        415,
        'unsupported_media_type',
      );
      const huge = JSON.stringify({ name: 'x', format: 'swiss', description: 'y'.repeat(70 * 1024) });
      expectProblem(await http().request('POST', BASE, { token: api.owner.token, rawBody: huge }), 413, 'payload_too_large');
    });

    it('refuses a body that is not an object', async () => {
      expectProblem(await create([1, 2] as never), 422, 'validation_failed');
    });
  });

  describe('GET one', () => {
    it('returns a strong ETag and honours If-None-Match with 304', async () => {
      const { id } = await created();
      const first = await http().get(`${BASE}/${id}`, { token: api.owner.token });
      // The version and participant_count, which changes without a new version.
      expect(first.headers.etag).toBe('"v1.0"');
      const again = await http().get(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-none-match': '"v1.0"' } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const stale = await http().get(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-none-match': '"v0"' } });
      expect(stale.statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and for a malformed one', async () => {
      expectProblem(await http().get(`${BASE}/${randomUUID()}`, { token: api.owner.token }), 404, 'not_found');
      expectProblem(await http().get(`${BASE}/not-a-uuid`, { token: api.owner.token }), 404, 'not_found');
    });
  });

  describe('another account', () => {
    it('cannot see, change or delete a tournament, and is told it does not exist', async () => {
      const { id } = await created({ name: 'Private' });
      const as = { token: api.stranger.token };
      expectProblem(await http().get(`${BASE}/${id}`, as), 404, 'not_found');
      expectProblem(await http().patch(`${BASE}/${id}`, { name: 'Hijacked' }, as), 404, 'not_found');
      expectProblem(await http().delete(`${BASE}/${id}`, as), 404, 'not_found');
      const list = await http().get(`${BASE}?limit=100`, as);
      expect((list.json().data as { id: string }[]).map((t) => t.id)).not.toContain(id);
      expect((await http().get(`${BASE}/${id}`, { token: api.owner.token })).json().name).toBe('Private');
    });
  });

  describe('PATCH', () => {
    it('applies a merge patch and returns the new representation and ETag', async () => {
      const { id } = await created({ description: 'old', game: 'Chess', metadata: { a: '1', b: '2' } });
      const response = await http().request('PATCH', `${BASE}/${id}`, {
        token: api.owner.token,
        body: { description: null, metadata: { a: null, c: '3' }, max_participants: 16 },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ description: null, game: 'Chess', metadata: { b: '2', c: '3' }, max_participants: 16, version: 2 });
      expect(response.headers.etag).toBe('"v2.0"');
    });

    it('refuses null for a required field, read-only fields and unknown fields', async () => {
      const { id } = await created();
      const response = await http().patch(`${BASE}/${id}`, { name: null, format: null, created_at: 'x', rank: 1 }, { token: api.owner.token });
      const pointers = (expectProblem(response, 422, 'validation_failed').errors as { pointer: string }[]).map((e) => e.pointer).sort();
      expect(pointers).toEqual(['/created_at', '/format', '/name', '/rank']);
    });

    it('moves through the lifecycle, stamping started_at and completed_at', async () => {
      const { id } = await created();
      await withTwoParticipants(id);
      for (const status of ['registration_open', 'registration_closed', 'in_progress']) {
        expect((await http().patch(`${BASE}/${id}`, { status }, { token: api.owner.token })).statusCode).toBe(200);
      }
      const started = (await http().get(`${BASE}/${id}`, { token: api.owner.token })).json();
      expect(started.started_at).toEqual(expect.any(String));
      // With its matches generated, the tournament completes when the last result is reported.
      const [final] = (await http().get(`${BASE}/${id}/matches`, { token: api.owner.token })).json().data;
      expect((await http().patch(`${BASE}/${id}/matches/${final.id}`, { scores: [1, 0] }, { token: api.owner.token })).statusCode).toBe(200);
      const done = (await http().get(`${BASE}/${id}`, { token: api.owner.token })).json();
      expect(done).toMatchObject({ status: 'completed', completed_at: expect.any(String), started_at: started.started_at });
    });

    it('refuses an illegal transition with 409 naming the allowed targets', async () => {
      const { id } = await created();
      const problem = expectProblem(await http().patch(`${BASE}/${id}`, { status: 'completed' }, { token: api.owner.token }), 409, 'invalid_state_transition');
      expect(problem.allowed_transitions).toEqual(['registration_open', 'in_progress', 'cancelled']);
    });

    it('locks the setup from in_progress on (409 field_locked) but not the name', async () => {
      const { id } = await created();
      await withTwoParticipants(id);
      await http().patch(`${BASE}/${id}`, { status: 'in_progress' }, { token: api.owner.token });
      const problem = expectProblem(await http().patch(`${BASE}/${id}`, { format: 'swiss', name: 'X' }, { token: api.owner.token }), 409, 'field_locked');
      expect(problem.locked_fields).toEqual(['format']);
      expect((await http().patch(`${BASE}/${id}`, { name: 'Finals' }, { token: api.owner.token })).json().name).toBe('Finals');
    });

    it('refuses a stale If-Match with 412 and honours a current one', async () => {
      const { id } = await created();
      await http().patch(`${BASE}/${id}`, { name: 'v2' }, { token: api.owner.token });
      expectProblem(await http().patch(`${BASE}/${id}`, { name: 'late' }, { token: api.owner.token, headers: { 'if-match': '"v1.0"' } }), 412, 'precondition_failed');
      const ok = await http().patch(`${BASE}/${id}`, { name: 'v3' }, { token: api.owner.token, headers: { 'if-match': '"v2.0"' } });
      expect(ok.statusCode).toBe(200);
    });

    it('lets exactly one of several concurrent writers with the same If-Match win', async () => {
      const { id } = await created();
      const writers = Array.from({ length: 6 }, (_, n) =>
        http().patch(`${BASE}/${id}`, { name: `Writer ${n}` }, { token: api.owner.token, headers: { 'if-match': '"v1.0"' } }),
      );
      const statuses = (await Promise.all(writers)).map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      expect((await http().get(`${BASE}/${id}`, { token: api.owner.token })).json().version).toBe(2);
    });

    it('loses no update among concurrent writers without If-Match', async () => {
      const { id } = await created();
      const writers = Array.from({ length: 5 }, (_, n) => http().patch(`${BASE}/${id}`, { metadata: { [`k${n}`]: 'v' } }, { token: api.owner.token }));
      expect((await Promise.all(writers)).map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const final = (await http().get(`${BASE}/${id}`, { token: api.owner.token })).json();
      expect(Object.keys(final.metadata).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
      expect(final.version).toBe(6);
    });
  });

  describe('DELETE', () => {
    it('deletes with 204, then the tournament is gone', async () => {
      const { id } = await created();
      const response = await http().delete(`${BASE}/${id}`, { token: api.owner.token });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectProblem(await http().get(`${BASE}/${id}`, { token: api.owner.token }), 404, 'not_found');
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token }), 404, 'not_found');
    });

    it('refuses to delete a tournament in progress (cancel it first)', async () => {
      const { id } = await created();
      await withTwoParticipants(id);
      await http().patch(`${BASE}/${id}`, { status: 'in_progress' }, { token: api.owner.token });
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token }), 409, 'invalid_state_transition');
      await http().patch(`${BASE}/${id}`, { status: 'cancelled' }, { token: api.owner.token });
      expect((await http().delete(`${BASE}/${id}`, { token: api.owner.token })).statusCode).toBe(204);
    });

    it('honours If-Match', async () => {
      const { id } = await created();
      expectProblem(await http().delete(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-match': '"v7"' } }), 412, 'precondition_failed');
      expect((await http().delete(`${BASE}/${id}`, { token: api.owner.token, headers: { 'if-match': '"v1.0"' } })).statusCode).toBe(204);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for a retry and creates nothing more', async () => {
      const key = randomUUID();
      const body = { name: 'Once', format: 'swiss', metadata: { b: '2', a: '1' } };
      const first = await create(body, api.owner, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await countTournaments();
      const retry = await create({ metadata: { a: '1', b: '2' }, format: 'swiss', name: 'Once' }, api.owner, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers.location).toBe(first.headers.location);
      expect(await countTournaments()).toBe(before);
    });

    it('refuses the same key with another body (422) and keeps keys per account', async () => {
      const key = randomUUID();
      await create({ name: 'One', format: 'swiss' }, api.owner, { 'idempotency-key': key });
      expectProblem(await create({ name: 'Two', format: 'swiss' }, api.owner, { 'idempotency-key': key }), 422, 'idempotency_key_reused');
      const theirs = await create({ name: 'Two', format: 'swiss' }, api.stranger, { 'idempotency-key': key });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const key = randomUUID();
      const em = api.testApp.app.get(EntityManager).fork();
      await em.execute(
        `insert into idempotency_keys (account_id, key, fingerprint, state, locked_at, created_at, expires_at)
         values (?, ?, 'in-flight', 'in_progress', now(), now(), now() + interval '1 day')`,
        [api.owner.id, key],
      );
      // The in-flight request's body is unknown here, so make the fingerprints match by reading it back.
      const body = { name: 'Slow', format: 'swiss' };
      const fingerprint = (await create(body, api.owner, { 'idempotency-key': `${key}-probe` })).statusCode;
      expect(fingerprint).toBe(201);
      const [probe] = await em.execute<{ fingerprint: string }[]>('select fingerprint from idempotency_keys where account_id = ? and key = ?', [api.owner.id, `${key}-probe`]);
      await em.execute('update idempotency_keys set fingerprint = ? where account_id = ? and key = ?', [probe.fingerprint, api.owner.id, key]);
      const inUse = await create(body, api.owner, { 'idempotency-key': key });
      expectProblem(inUse, 409, 'idempotency_key_in_use');
      expect(inUse.headers['retry-after']).toBe('1');
    });

    it('frees the key when the request fails, and refuses a malformed key', async () => {
      const key = randomUUID();
      expectProblem(await create({ name: '', format: 'swiss' }, api.owner, { 'idempotency-key': key }), 422, 'validation_failed');
      expect((await create({ name: 'Fixed', format: 'swiss' }, api.owner, { 'idempotency-key': key })).statusCode).toBe(201);
      expectProblem(await create({ name: 'X', format: 'swiss' }, api.owner, { 'idempotency-key': 'k'.repeat(256) }), 400, 'malformed_request');
    });

    it('refuses an invalid body before it looks at the key', async () => {
      expectProblem(await create({ name: '', format: 'swiss' }, api.owner, { 'idempotency-key': 'k'.repeat(256) }), 422, 'validation_failed');
      const key = randomUUID();
      await create({ name: 'Kept', format: 'swiss' }, api.owner, { 'idempotency-key': key });
      expectProblem(await create({ name: '', format: 'swiss' }, api.owner, { 'idempotency-key': key }), 422, 'validation_failed');
    });
  });

  describe('GET list', () => {
    let lister: TestAccount;
    const names = ['Delta Open', 'alpha cup', 'Charlie Masters', 'bravo league night', 'Echo Invitational'];

    beforeAll(async () => {
      lister = await createPremiumAccount(api.testApp);
      for (const [index, name] of names.entries()) {
        const response = await create(
          {
            name,
            format: index % 2 === 0 ? 'swiss' : 'round_robin',
            game: index % 2 === 0 ? 'Chess' : 'Go',
            starts_at: index < 3 ? `2026-0${index + 3}-01T10:00:00.000Z` : undefined,
            status: index === 4 ? 'registration_open' : undefined,
          },
          lister,
        );
        expect(response.statusCode).toBe(201);
      }
    });

    const list = (query: string) => http().get(`${BASE}${query}`, { token: lister.token });

    it('returns the envelope, newest first by default', async () => {
      const response = await list('');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.next_cursor).toBeNull();
      expect(body.data.map((t: { name: string }) => t.name)).toEqual([...names].reverse());
      expect(response.headers.link).toBeUndefined();
    });

    it('pages with next_cursor and a Link header, without skipping or repeating rows', async () => {
      const seen: string[] = [];
      let url = `?limit=2&sort=name`;
      for (let page = 0; page < 5 && url; page++) {
        const response = await list(url);
        const body = response.json();
        seen.push(...body.data.map((t: { name: string }) => t.name));
        if (!body.next_cursor) break;
        expect(response.headers.link).toBe(`<${BASE}?limit=2&sort=name&cursor=${encodeURIComponent(body.next_cursor)}>; rel="next"`.replace(/%2E/g, '.'));
        url = response.headers.link!.toString().match(/<\/api\/v1\/tournaments(\?[^>]+)>/)![1];
      }
      expect(seen).toEqual(['alpha cup', 'bravo league night', 'Charlie Masters', 'Delta Open', 'Echo Invitational']);
    });

    it('sorts by start time with unscheduled tournaments last', async () => {
      const body = (await list('?sort=starts_at')).json();
      expect(body.data.slice(0, 3).map((t: { name: string }) => t.name)).toEqual(['Delta Open', 'alpha cup', 'Charlie Masters']);
    });

    it('filters by status, format, game, q and start range', async () => {
      const namesOf = async (query: string) => ((await list(query)).json().data as { name: string }[]).map((t) => t.name).sort();
      expect(await namesOf('?status=registration_open')).toEqual(['Echo Invitational']);
      expect(await namesOf('?status=draft,registration_open')).toHaveLength(5);
      expect(await namesOf('?format=round_robin')).toEqual(['alpha cup', 'bravo league night']);
      expect(await namesOf('?game=chess')).toEqual(['Charlie Masters', 'Delta Open', 'Echo Invitational']);
      expect(await namesOf('?q=MASTER')).toEqual(['Charlie Masters']);
      expect(await namesOf('?starts_after=2026-04-01T00:00:00Z&starts_before=2026-05-01T10:00:00Z')).toEqual(['alpha cup']);
    });

    it('refuses unknown and bad parameters with 400 naming each', async () => {
      const problem = expectProblem(await list('?limit=0&sort=rating&page=2&status=open'), 400, 'invalid_parameter');
      expect((problem.errors as { parameter: string }[]).map((e) => e.parameter).sort()).toEqual(['limit', 'page', 'sort', 'status']);
      expectProblem(await list('?limit=101'), 400, 'invalid_parameter');
      expectProblem(await list('?limit=1&limit=2'), 400, 'invalid_parameter');
    });

    it('refuses a forged cursor and a cursor from another query', async () => {
      const first = (await list('?limit=1')).json();
      expectProblem(await list(`?limit=1&cursor=${first.next_cursor}x`), 400, 'invalid_parameter');
      const problem = expectProblem(await list(`?limit=1&sort=name&cursor=${first.next_cursor}`), 400, 'invalid_parameter');
      expect(problem.errors).toEqual([{ parameter: 'cursor', detail: expect.any(String) }]);
      expect((await list(`?limit=3&cursor=${first.next_cursor}`)).statusCode).toBe(200);
    });
  });

  async function countTournaments(): Promise<number> {
    const em = api.testApp.app.get(EntityManager).fork();
    const [row] = await em.execute<{ count: string }[]>('select count(*) from tournaments');
    return Number(row.count);
  }
});
