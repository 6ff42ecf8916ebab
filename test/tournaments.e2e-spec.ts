import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

const BASE = '/api/v1/tournaments';

describe('tournaments API', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    stranger = await createPremiumAccount(testApp);
  });

  afterAll(() => testApp.close());

  const http = () => testApp.http;
  const create = (body: object, account = owner, headers?: Record<string, string>) =>
    http().post(BASE, body, { token: account.token, headers });
  async function created(body: object = {}, account = owner) {
    const response = await create({ name: 'Spring Cup', format: 'single_elimination', ...body }, account);
    expect(response.statusCode).toBe(201);
    return response.json() as Record<string, unknown> & { id: string; version: number };
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
        started_at: null,
        completed_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: body.created_at,
        version: 1,
      });
      expect(response.headers.location).toBe(`${BASE}/${body.id}`);
      expect(response.headers.etag).toBe('"v1"');
      const read = await http().get(`${BASE}/${body.id}`, { token: owner.token });
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
      expectProblem(await http().request('POST', BASE, { token: owner.token, rawBody: '{"name": ' }), 400, 'malformed_request');
      expectProblem(
        await http().request('POST', BASE, { token: owner.token, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        415,
        'unsupported_media_type',
      );
      expectProblem(
        await http().request('POST', BASE, { token: owner.token, rawBody: '{"name":"x"}', headers: { 'content-type': 'application/merge-patch+json' } }),
        415,
        'unsupported_media_type',
      );
      const huge = JSON.stringify({ name: 'x', format: 'swiss', description: 'y'.repeat(70 * 1024) });
      expectProblem(await http().request('POST', BASE, { token: owner.token, rawBody: huge }), 413, 'payload_too_large');
    });

    it('refuses a body that is not an object', async () => {
      expectProblem(await create([1, 2] as never), 422, 'validation_failed');
    });
  });

  async function countTournaments(): Promise<number> {
    const em = testApp.app.get(EntityManager).fork();
    const [row] = await em.execute<{ count: string }[]>('select count(*) from tournaments');
    return Number(row.count);
  }
});
