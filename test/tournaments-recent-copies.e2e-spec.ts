import { EntityManager } from '@mikro-orm/postgresql';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';
import { settled } from './support/settled';

const BASE = '/api/v1/tournaments';

/**
 * An instance changes a tournament it has just written from its copy of that write, without reading it first
 * (RecentCopies). Every answer must still be the row as it is: here the row changes behind the instance's back
 * (as another instance, a trigger or a cascade would change it) between two PATCHes.
 */
describe('changing a tournament this instance wrote last', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (headers?: Record<string, string>) => ({ token: api.owner.token, headers });
  const sql = (statement: string, values: unknown[]) => api.testApp.app.get(EntityManager).fork().execute(statement, values);

  /** A tournament this instance has just written (a PATCH after its creation), so the next change starts from the copy. */
  async function writtenHere(fields: object = {}) {
    const created = await http().post(BASE, { name: 'Copy Cup', format: 'round_robin', ...fields }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await http().patch(`${BASE}/${id}`, { description: 'first edit' }, as())).statusCode).toBe(200);
    return id;
  }
  const read = async (id: string) => {
    const response = await http().get(`${BASE}/${id}`, as());
    return { body: response.json() as Record<string, unknown>, etag: response.headers.etag as string };
  };

  it('answers a change with the row as it is, not as this instance last wrote it', async () => {
    const id = await writtenHere();
    await sql("update tournaments set name = 'Renamed elsewhere', version = version + 1 where id = ?", [id]);
    const response = await http().patch(`${BASE}/${id}`, { description: 'second edit' }, as());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed elsewhere', description: 'second edit', version: 4 });
    expect(await read(id)).toEqual({ body: response.json(), etag: response.headers.etag });
  });

  it('sees a change that left the version as it was (a trigger keeping the participant count)', async () => {
    const id = await writtenHere();
    expect((await http().post(`${BASE}/${id}/participants`, { name: 'Ada' }, as())).statusCode).toBe(201);
    const response = await http().patch(`${BASE}/${id}`, { description: 'after a registration' }, as());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ participant_count: 1, description: 'after a registration' });
    expect(response.headers.etag).toBe((await read(id)).etag);
  });

  it('takes an If-Match of the newest version, though this instance wrote an older one', async () => {
    const id = await writtenHere();
    await sql("update tournaments set game = 'Chess', version = version + 1 where id = ?", [id]);
    const { etag } = await read(id);
    const response = await http().patch(`${BASE}/${id}`, { description: 'with If-Match' }, as({ 'if-match': etag }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ game: 'Chess', description: 'with If-Match' });
  });

  it('still refuses an If-Match of the version this instance wrote once the row has moved on', async () => {
    const id = await writtenHere();
    const { etag } = await read(id);
    await sql("update tournaments set game = 'Go', version = version + 1 where id = ?", [id]);
    expectProblem(await http().patch(`${BASE}/${id}`, { description: 'stale If-Match' }, as({ 'if-match': etag })), 412, 'precondition_failed');
    expect((await read(id)).body).toMatchObject({ game: 'Go', description: 'first edit' });
  });

  it('judges a change by the row: valid there, though refused against the older copy', async () => {
    const id = await writtenHere({ starts_at: '2026-06-01T10:00:00Z' });
    await sql('update tournaments set starts_at = null, version = version + 1 where id = ?', [id]);
    const response = await http().patch(`${BASE}/${id}`, { ends_at: '2026-05-01T10:00:00Z' }, as());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ starts_at: null, ends_at: '2026-05-01T10:00:00.000Z' });
  });

  it('answers a change that changes nothing with the row as it is', async () => {
    const id = await writtenHere();
    await sql("update tournaments set name = 'Moved on', version = version + 1 where id = ?", [id]);
    const response = await http().patch(`${BASE}/${id}`, { description: 'first edit' }, as());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Moved on', version: 3 });
  });

  it('records the row as it is in the change event', async () => {
    const id = await writtenHere();
    await sql("update tournaments set name = 'Event Cup', version = version + 1 where id = ?", [id]);
    const patched = await http().patch(`${BASE}/${id}`, { description: 'for the event' }, as());
    await settled(api.testApp);
    const events = (await http().get(`/api/v1/events?tournament_id=${id}&types=tournament.updated`, as())).json() as { data: { data: unknown }[] };
    expect(events.data.at(-1)!.data).toEqual(patched.json());
  });

  it('deletes a tournament changed since, and a deleted one is gone for the next change', async () => {
    const id = await writtenHere();
    await sql('update tournaments set version = version + 1 where id = ?', [id]);
    expect((await http().delete(`${BASE}/${id}`, as())).statusCode).toBe(204);
    expectProblem(await http().patch(`${BASE}/${id}`, { description: 'too late' }, as()), 404, 'not_found');

    const gone = await writtenHere();
    await sql('delete from tournaments where id = ?', [gone]);
    expectProblem(await http().patch(`${BASE}/${gone}`, { description: 'gone' }, as()), 404, 'not_found');
  });

  it('loses no change when concurrent changes start from the same copy', async () => {
    const id = await writtenHere();
    const writers = Array.from({ length: 12 }, (_, n) => http().patch(`${BASE}/${id}`, { metadata: { [`key${n}`]: `value ${n}` } }, as()));
    const statuses = (await Promise.all(writers)).map((response) => response.statusCode);
    // A writer that loses every one of its attempts is told so (409 conflict) and changes nothing.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const accepted = statuses.flatMap((status, n) => (status === 200 ? [n] : []));
    expect(accepted.length).toBeGreaterThan(0);
    const { body } = await read(id);
    expect(body.version).toBe(2 + accepted.length);
    expect(body.metadata).toEqual(Object.fromEntries(accepted.map((n) => [`key${n}`, `value ${n}`])));
  });

  it('never lends one account the copy of another', async () => {
    const id = await writtenHere();
    expectProblem(await http().patch(`${BASE}/${id}`, { description: 'not mine' }, { token: api.stranger.token }), 404, 'not_found');
    expect((await read(id)).body).toMatchObject({ description: 'first edit' });
  });
});
