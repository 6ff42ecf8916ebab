import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

type Json = Record<string, unknown> & { id: string; version: number };

describe('participants API', () => {
  const api = setUpApiTest();

  const http = () => api.testApp.http;
  const as = (account = api.owner, headers?: Record<string, string>) => ({ token: account.token, headers });

  async function aTournament(body: object = {}): Promise<{ id: string; base: string }> {
    const response = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination', ...body }, as());
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as Json;
    return { id, base: `${TOURNAMENTS}/${id}/participants` };
  }

  async function added(base: string, body: object = {}): Promise<Json> {
    const response = await http().post(base, { name: `Player ${randomUUID()}`, ...body }, as());
    expect(response.statusCode).toBe(201);
    return response.json() as Json;
  }

  async function startTournament(id: string): Promise<void> {
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
  }

  async function reportOnlyMatch(tournamentId: string): Promise<void> {
    const [match] = (await http().get(`${TOURNAMENTS}/${tournamentId}/matches`, as())).json().data as { id: string }[];
    expect((await http().patch(`${TOURNAMENTS}/${tournamentId}/matches/${match.id}`, { scores: [1, 0] }, as())).statusCode).toBe(200);
  }

  async function storedCount(tournamentId: string): Promise<number> {
    const [row] = await api.testApp.app
      .get(EntityManager)
      .fork()
      .execute<{ count: number }[]>('select count(*)::int as count from participants where tournament_id = ?', [tournamentId]);
    return row.count;
  }

  const bulk = (base: string, participants: unknown[], account = api.owner, headers?: Record<string, string>) =>
    http().post(`${base}/bulk`, { participants }, as(account, headers));
  const names = (response: { json(): unknown }) => (response.json() as { data: { name: string }[] }).data.map((item) => item.name);

  describe('POST', () => {
    it('registers a participant with defaults, Location and ETag, readable afterwards', async () => {
      const { id: tournamentId, base } = await aTournament();
      const response = await http().post(base, { name: '  Ada  ' }, as());
      expect(response.statusCode).toBe(201);
      const body = response.json() as Json;
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        tournament_id: tournamentId,
        name: 'Ada',
        seed: null,
        external_id: null,
        metadata: {},
        group: null,
        final_rank: null,
        status: 'active',
        withdrawal: null,
        checked_in_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: body.created_at,
        version: 1,
      });
      expect(response.headers.location).toBe(`${base}/${body.id}`);
      expect(response.headers.etag).toBe('"v1"');
      expect((await http().get(`${base}/${body.id}`, as())).json()).toEqual(body);
    });

    it('lists every bad field with a JSON Pointer and registers nothing', async () => {
      const { id, base } = await aTournament();
      const response = await http().post(base, { name: '', seed: 0, external_id: 'x'.repeat(101), metadata: { bad: 3 } }, as());
      const problem = expectProblem(response, 422, 'validation_failed');
      expect((problem.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual(['/external_id', '/metadata', '/name', '/seed']);
      expectProblem(await http().post(base, { name: 'A', seed: 1025 }, as()), 422, 'validation_failed');
      expectProblem(await http().post(base, { name: 'A', seed: 1.5 }, as()), 422, 'validation_failed');
      expect(await storedCount(id)).toBe(0);
    });

    it('refuses read-only and unknown fields rather than dropping them', async () => {
      const { base } = await aTournament();
      const problem = expectProblem(await http().post(base, { name: 'A', final_rank: 1, id: randomUUID(), colour: 'red' }, as()), 422, 'validation_failed');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/final_rank', detail: 'final_rank is read-only.' },
          { pointer: '/id', detail: 'id is read-only.' },
          { pointer: '/colour', detail: 'colour is not a recognised field.' },
        ]),
      );
    });

    it('keeps names (ignoring case), seeds and external ids unique in the tournament, not across tournaments', async () => {
      const { base } = await aTournament();
      await added(base, { name: 'Ada', seed: 1, external_id: 'p-1' });
      expectProblem(await http().post(base, { name: 'ADA' }, as()), 409, 'participant_name_taken');
      expectProblem(await http().post(base, { name: 'Bob', seed: 1 }, as()), 409, 'seed_taken');
      expectProblem(await http().post(base, { name: 'Bob', external_id: 'p-1' }, as()), 409, 'external_id_taken');
      const other = await aTournament();
      await added(other.base, { name: 'Ada', seed: 1, external_id: 'p-1' });
    });

    it('is 409 tournament_full at max_participants', async () => {
      const { base } = await aTournament({ max_participants: 2 });
      await added(base);
      await added(base);
      const problem = expectProblem(await http().post(base, { name: 'Third' }, as()), 409, 'tournament_full');
      expect(problem).toMatchObject({ max_participants: 2, participant_count: 2 });
    });

    it('is 409 participants_locked once the tournament has started, completed or been cancelled', async () => {
      for (const path of [['in_progress'], ['in_progress', 'completed'], ['cancelled']]) {
        const { id, base } = await aTournament();
        await added(base); // starting needs two participants (spec §12)
        await added(base);
        for (const status of path) {
          if (status !== 'completed') await http().patch(`${TOURNAMENTS}/${id}`, { status }, as());
          else await reportOnlyMatch(id); // a tournament with matches completes with its last result
        }
        expectProblem(await http().post(base, { name: 'Late' }, as()), 409, 'participants_locked');
        expectProblem(await http().post(`${base}/bulk`, { participants: [{ name: 'Late' }] }, as()), 409, 'participants_locked');
      }
    });

    it('replays a retry with the same Idempotency-Key and registers nothing more', async () => {
      const { id, base } = await aTournament();
      const key = { 'idempotency-key': randomUUID() };
      const first = await http().post(base, { name: 'Ada' }, as(api.owner, key));
      const retry = await http().post(base, { name: 'Ada' }, as(api.owner, key));
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers.location).toBe(first.headers.location);
      // The tournament id in any letter case names the same collection: still a replay.
      const shouted = await http().post(base.replace(id, id.toUpperCase()), { name: 'Ada' }, as(api.owner, key));
      expect(shouted.headers['idempotent-replayed']).toBe('true');
      expect(shouted.headers.location).toBe(first.headers.location);
      expectProblem(await http().post(base, { name: 'Bob' }, as(api.owner, key)), 422, 'idempotency_key_reused');
      expect(await storedCount(id)).toBe(1);
    });
  });

  describe('GET one', () => {
    it('returns a strong ETag and honours If-None-Match with 304', async () => {
      const { base } = await aTournament();
      const { id } = await added(base);
      const first = await http().get(`${base}/${id}`, as());
      expect(first.headers.etag).toBe('"v1"');
      const again = await http().get(`${base}/${id}`, as(api.owner, { 'if-none-match': '"v1"' }));
      expect(again.statusCode).toBe(304);
    });

    it('is 404 for an unknown or malformed participant id, and for a participant of another tournament', async () => {
      const { base } = await aTournament();
      const other = await aTournament();
      const { id } = await added(other.base);
      expectProblem(await http().get(`${base}/${randomUUID()}`, as()), 404, 'not_found');
      expectProblem(await http().get(`${base}/not-a-uuid`, as()), 404, 'not_found');
      expectProblem(await http().get(`${base}/${id}`, as()), 404, 'not_found');
      expectProblem(await http().get(`${TOURNAMENTS}/not-a-uuid/participants`, as()), 404, 'not_found');
      expectProblem(await http().get(`${TOURNAMENTS}/${randomUUID()}/participants`, as()), 404, 'not_found');
    });
  });

  describe("another account's tournament", () => {
    it('is 404 on every participant path, and changes nothing', async () => {
      const { id: tournamentId, base } = await aTournament();
      const { id } = await added(base, { name: 'Ada' });
      const item = `${base}/${id}`;
      for (const response of [
        await http().get(base, as(api.stranger)),
        await http().post(base, { name: 'Intruder' }, as(api.stranger)),
        await http().post(`${base}/bulk`, { participants: [{ name: 'Intruder' }] }, as(api.stranger)),
        await http().get(item, as(api.stranger)),
        await http().patch(item, { name: 'Hijacked' }, as(api.stranger)),
        await http().delete(item, as(api.stranger)),
      ]) {
        expectProblem(response, 404, 'not_found');
      }
      expect((await http().get(item, as())).json()).toMatchObject({ name: 'Ada', version: 1 });
      expect(await storedCount(tournamentId)).toBe(1);
    });
  });

  describe('PATCH', () => {
    it('applies a merge patch: null clears seed and external_id, metadata merges key by key', async () => {
      const { base } = await aTournament();
      const { id } = await added(base, { name: 'Ada', seed: 3, external_id: 'p-1', metadata: { a: '1', b: '2' } });
      const response = await http().patch(`${base}/${id}`, { seed: null, external_id: null, metadata: { a: null, c: '3' } }, as());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Ada', seed: null, external_id: null, metadata: { b: '2', c: '3' }, version: 2 });
      expect(response.headers.etag).toBe('"v2"');
    });

    it('reports clashes as the §11 codes and refuses read-only fields', async () => {
      const { base } = await aTournament();
      await added(base, { name: 'Ada', seed: 1, external_id: 'p-1' });
      const { id } = await added(base, { name: 'Bob' });
      expectProblem(await http().patch(`${base}/${id}`, { name: 'ada' }, as()), 409, 'participant_name_taken');
      expectProblem(await http().patch(`${base}/${id}`, { seed: 1 }, as()), 409, 'seed_taken');
      expectProblem(await http().patch(`${base}/${id}`, { external_id: 'p-1' }, as()), 409, 'external_id_taken');
      expectProblem(await http().patch(`${base}/${id}`, { final_rank: 1 }, as()), 422, 'validation_failed');
      expectProblem(await http().patch(`${base}/${id}`, { name: null }, as()), 422, 'validation_failed');
      expect((await http().get(`${base}/${id}`, as())).json()).toMatchObject({ name: 'Bob', seed: null, version: 1 });
    });

    it('from in_progress on, changes name and metadata but not seed or external_id (409 field_locked)', async () => {
      const { id: tournamentId, base } = await aTournament();
      const { id } = await added(base, { name: 'Ada', seed: 1, external_id: 'p-1' });
      await added(base);
      await startTournament(tournamentId);
      const locked = expectProblem(await http().patch(`${base}/${id}`, { seed: 2, external_id: 'p-2' }, as()), 409, 'field_locked');
      expect(locked.locked_fields).toEqual(['seed', 'external_id']);
      const renamed = await http().patch(`${base}/${id}`, { name: 'Ada L.', metadata: { club: 'Rooks' }, seed: 1 }, as());
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Ada L.', metadata: { club: 'Rooks' }, seed: 1, external_id: 'p-1' });
    });

    it('refuses a stale If-Match with 412 and lets exactly one of several concurrent writers with the same If-Match win', async () => {
      const { base } = await aTournament();
      const { id } = await added(base);
      const writers = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => http().patch(`${base}/${id}`, { name: `Writer ${n}` }, as(api.owner, { 'if-match': '"v1"' }))),
      );
      expect(writers.map((response) => response.statusCode).sort()).toEqual([200, 412, 412, 412, 412]);
      expectProblem(await http().patch(`${base}/${id}`, { name: 'Late' }, as(api.owner, { 'if-match': '"v1"' })), 412, 'precondition_failed');
    });
  });

  describe('DELETE', () => {
    it('removes with 204, honouring If-Match; then the participant is gone', async () => {
      const { base } = await aTournament();
      const { id } = await added(base);
      expectProblem(await http().delete(`${base}/${id}`, as(api.owner, { 'if-match': '"v9"' })), 412, 'precondition_failed');
      expect((await http().delete(`${base}/${id}`, as(api.owner, { 'if-match': '"v1"' }))).statusCode).toBe(204);
      expectProblem(await http().get(`${base}/${id}`, as()), 404, 'not_found');
      expectProblem(await http().delete(`${base}/${id}`, as()), 404, 'not_found');
    });

    it('is 409 participants_locked once the tournament has started', async () => {
      const { id: tournamentId, base } = await aTournament();
      const { id } = await added(base);
      await added(base);
      await startTournament(tournamentId);
      expectProblem(await http().delete(`${base}/${id}`, as()), 409, 'participants_locked');
      expect(await storedCount(tournamentId)).toBe(2);
    });

    it('deleting the tournament deletes its participants', async () => {
      const { id: tournamentId, base } = await aTournament();
      await added(base);
      await added(base);
      expect((await http().delete(`${TOURNAMENTS}/${tournamentId}`, as())).statusCode).toBe(204);
      expect(await storedCount(tournamentId)).toBe(0);
    });
  });

  describe('participant_count on the tournament', () => {
    it('counts registrations and is part of the ETag, without a new version', async () => {
      const { id: tournamentId, base } = await aTournament();
      const before = await http().get(`${TOURNAMENTS}/${tournamentId}`, as());
      expect(before.json()).toMatchObject({ participant_count: 0, version: 1 });
      await added(base);
      await added(base);
      const after = await http().get(`${TOURNAMENTS}/${tournamentId}`, as(api.owner, { 'if-none-match': before.headers.etag as string }));
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ participant_count: 2, version: 1 });
      expect(after.headers.etag).toBe('"v1.2"');
      const listed = (await http().get(`${TOURNAMENTS}?q=${encodeURIComponent(before.json().name)}`, as())).json().data;
      expect(listed).toEqual([expect.objectContaining({ id: tournamentId, participant_count: 2 })]);
      expectProblem(await http().patch(`${TOURNAMENTS}/${tournamentId}`, { participant_count: 5 }, as()), 422, 'validation_failed');
    });

    it('follows bulk imports, withdrawals and a refused batch', async () => {
      const { id: tournamentId, base } = await aTournament();
      const count = async () => (await http().get(`${TOURNAMENTS}/${tournamentId}`, as())).json().participant_count;
      const [first] = (await bulk(base, [{ name: 'one' }, { name: 'two' }, { name: 'three' }])).json().data as Json[];
      expect(await count()).toBe(3);
      expectProblem(await bulk(base, [{ name: 'four' }, { name: 'ONE' }]), 409, 'participant_name_taken');
      expect((await http().delete(`${base}/${first.id}`, as())).statusCode).toBe(204);
      expect(await count()).toBe(2);
    });
  });

  describe('GET list', () => {
    let base: string;

    beforeAll(async () => {
      ({ base } = await aTournament());
      for (const body of [{ name: 'delta' }, { name: 'Alpha', seed: 2 }, { name: 'charlie' }, { name: 'bravo', seed: 1 }, { name: 'echo' }]) {
        await added(base, body);
      }
    });

    it('lists seeded participants by seed, then the rest in registration order, by default', async () => {
      const response = await http().get(base, as());
      expect(response.statusCode).toBe(200);
      expect(names(response)).toEqual(['bravo', 'Alpha', 'delta', 'charlie', 'echo']);
      expect(response.json().next_cursor).toBeNull();
      expect(response.headers.link).toBeUndefined();
    });

    it('sorts by seed, name and created_at both ways, and filters by q', async () => {
      expect(names(await http().get(`${base}?sort=-seed`, as()))).toEqual(['echo', 'charlie', 'delta', 'Alpha', 'bravo']);
      expect(names(await http().get(`${base}?sort=name`, as()))).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'echo']);
      expect(names(await http().get(`${base}?sort=-name`, as()))).toEqual(['echo', 'delta', 'charlie', 'bravo', 'Alpha']);
      expect(names(await http().get(`${base}?sort=created_at`, as()))).toEqual(['delta', 'Alpha', 'charlie', 'bravo', 'echo']);
      expect(names(await http().get(`${base}?sort=-created_at`, as()))).toEqual(['echo', 'bravo', 'charlie', 'Alpha', 'delta']);
      expect(names(await http().get(`${base}?q=HA`, as()))).toEqual(['Alpha', 'charlie']);
    });

    it('pages with next_cursor and a Link header, without skipping or repeating rows', async () => {
      const seen: string[] = [];
      let url = `${base}?limit=2&sort=name`;
      for (let page = 0; page < 5; page++) {
        const response = await http().get(url, as());
        seen.push(...names(response));
        const next = response.json().next_cursor as string | null;
        if (!next) break;
        expect(response.headers.link).toBe(`<${base}?limit=2&sort=name&cursor=${encodeURIComponent(next)}>; rel="next"`);
        url = `${base}?limit=2&sort=name&cursor=${encodeURIComponent(next)}`;
      }
      expect(seen).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'echo']);
    });

    it('refuses unknown and bad parameters, and a cursor from another query, with 400', async () => {
      const problem = expectProblem(await http().get(`${base}?sort=seed_desc&limit=0&status=draft`, as()), 400, 'invalid_parameter');
      expect((problem.errors as { parameter: string }[]).map((error) => error.parameter).sort()).toEqual(['limit', 'sort', 'status']);
      const first = await http().get(`${base}?limit=1`, as());
      const cursor = encodeURIComponent(first.json().next_cursor);
      expectProblem(await http().get(`${base}?limit=1&sort=name&cursor=${cursor}`, as()), 400, 'invalid_parameter');
      const other = await aTournament();
      expectProblem(await http().get(`${other.base}?limit=1&cursor=${cursor}`, as()), 400, 'invalid_parameter');
    });
  });

  describe('POST bulk', () => {
    it('registers every item in one go, in order, answering 201 { data }', async () => {
      const { id, base } = await aTournament();
      const response = await bulk(base, [{ name: 'Ada', seed: 1 }, { name: 'Bob', external_id: 'p-2' }, { name: 'Cy', metadata: { club: 'Rooks' } }]);
      expect(response.statusCode).toBe(201);
      const { data } = response.json() as { data: Json[] };
      expect(data.map((item) => item.name)).toEqual(['Ada', 'Bob', 'Cy']);
      expect(data[1]).toMatchObject({ tournament_id: id, seed: null, external_id: 'p-2', version: 1, final_rank: null });
      expect(names(await http().get(base, as()))).toEqual(['Ada', 'Bob', 'Cy']);
    });

    it('is 422 pointing at every bad item, and at the later item of an in-batch repeat, all in one answer; nothing is registered', async () => {
      const { id, base } = await aTournament();
      const response = await bulk(base, [
        { name: 'Ada', seed: 1, external_id: 'p-1' },
        { name: '' },
        { name: 'Bob', seed: 2000, colour: 'red' },
        { name: ' ADA ' },
        { name: 'Cy', seed: 1 },
        { name: 'Di', external_id: 'p-1' },
        'Eve',
      ]);
      const problem = expectProblem(response, 422, 'validation_failed');
      expect((problem.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual([
        '/participants/1/name',
        '/participants/2/colour',
        '/participants/2/seed',
        '/participants/3/name',
        '/participants/4/seed',
        '/participants/5/external_id',
        '/participants/6',
      ]);
      expect(problem.errors).toEqual(
        expect.arrayContaining([{ pointer: '/participants/3/name', detail: 'repeats the name (ignoring case) of an earlier participant in this batch.' }]),
      );
      expect(await storedCount(id)).toBe(0);
    });

    it('takes 1 to 256 items', async () => {
      const { base } = await aTournament();
      for (const participants of [[], Array.from({ length: 257 }, (_, i) => ({ name: `P${i}` }))]) {
        const problem = expectProblem(await bulk(base, participants), 422, 'validation_failed');
        expect(problem.errors).toEqual([expect.objectContaining({ pointer: '/participants' })]);
      }
      expectProblem(await http().post(`${base}/bulk`, { participants: 'Ada' }, as()), 422, 'validation_failed');
      expectProblem(await http().post(`${base}/bulk`, {}, as()), 422, 'validation_failed');
      const full = await bulk(base, Array.from({ length: 256 }, (_, i) => ({ name: `P${i}` })));
      expect(full.statusCode).toBe(201);
    });

    it('is all or nothing against what is stored: a clash is 409 and nothing of the batch stays', async () => {
      const { id, base } = await aTournament();
      await added(base, { name: 'Ada', seed: 1 });
      expectProblem(await bulk(base, [{ name: 'Bob' }, { name: 'ada' }]), 409, 'participant_name_taken');
      expectProblem(await bulk(base, [{ name: 'Bob' }, { name: 'Cy', seed: 1 }]), 409, 'seed_taken');
      expect(await storedCount(id)).toBe(1);
    });

    it('is 409 tournament_full when the batch would pass the cap, and fills it exactly', async () => {
      const { id, base } = await aTournament({ max_participants: 4 });
      await added(base);
      expectProblem(await bulk(base, [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]), 409, 'tournament_full');
      expect(await storedCount(id)).toBe(1);
      expect((await bulk(base, [{ name: 'A' }, { name: 'B' }, { name: 'C' }])).statusCode).toBe(201);
      expect(await storedCount(id)).toBe(4);
    });

    it('honours Idempotency-Key', async () => {
      const { id, base } = await aTournament();
      const key = { 'idempotency-key': randomUUID() };
      const first = await bulk(base, [{ name: 'Ada' }, { name: 'Bob' }], api.owner, key);
      const retry = await bulk(base, [{ name: 'Ada' }, { name: 'Bob' }], api.owner, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await storedCount(id)).toBe(2);
    });

    it('counts as one request against the rate limit', async () => {
      const { base } = await aTournament();
      const before = Number((await http().get(base, as())).headers['x-ratelimit-remaining']);
      const response = await bulk(base, Array.from({ length: 50 }, (_, i) => ({ name: `P${i}` })));
      expect(response.statusCode).toBe(201);
      expect(Number(response.headers['x-ratelimit-remaining'])).toBe(before - 1);
    });
  });

  describe('under concurrent requests', () => {
    it('holds the cap exactly: of 20 concurrent adds to a tournament of 5 places, 5 win', async () => {
      const { id, base } = await aTournament({ max_participants: 5 });
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => http().post(base, { name: `Racer ${i}` }, as())));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      for (const response of responses.filter((r) => r.statusCode !== 201)) expectProblem(response, 409, 'tournament_full');
      expect(await storedCount(id)).toBe(5);
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json().participant_count).toBe(5);
    });

    it('holds the cap for concurrent bulk imports too', async () => {
      const { id, base } = await aTournament({ max_participants: 6 });
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => bulk(base, [{ name: `A${i}` }, { name: `B${i}` }, { name: `C${i}` }, { name: `D${i}` }])),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(await storedCount(id)).toBe(4);
    });

    it('lets one of several concurrent adds of the same name win; the others are participant_name_taken', async () => {
      const { id, base } = await aTournament();
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => http().post(base, { name: i % 2 ? 'Ada' : 'ADA' }, as())));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 201)) expectProblem(response, 409, 'participant_name_taken');
      expect(await storedCount(id)).toBe(1);
    });

    it('lets one of several concurrent adds of the same seed win', async () => {
      const { id, base } = await aTournament();
      const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => http().post(base, { name: `Seeded ${i}`, seed: 1 }, as())));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 201)) expectProblem(response, 409, 'seed_taken');
      expect(await storedCount(id)).toBe(1);
    });

    it('never lets an add slip in while the tournament starts', async () => {
      const { id, base } = await aTournament();
      await added(base);
      await added(base);
      const [start, ...adds] = await Promise.all([
        http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as()),
        ...Array.from({ length: 5 }, (_, i) => http().post(base, { name: `Late ${i}` }, as())),
      ]);
      expect(start.statusCode).toBe(200);
      const registered = adds.filter((response) => response.statusCode === 201).length;
      for (const response of adds.filter((r) => r.statusCode !== 201)) expectProblem(response, 409, 'participants_locked');
      expect(await storedCount(id)).toBe(2 + registered);
      // The matches generated at the start hold exactly the participants registered before it.
      const matches = (await http().get(`${TOURNAMENTS}/${id}/matches?limit=100`, as())).json().data as { opponents: { participant_id: string | null }[] }[];
      const placed = new Set(matches.flatMap((match) => match.opponents.map((opponent) => opponent.participant_id)).filter(Boolean));
      expect(placed.size).toBe(2 + registered);
    });
  });
});
