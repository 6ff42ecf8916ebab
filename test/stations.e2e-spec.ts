import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/** Issue 41 through the API: a tournament's stations, their availability, the cap, and isolation between accounts. */
describe('stations', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  async function aTournament(account = api.owner): Promise<string> {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'double_elimination' }, as(account));
    expect(created.statusCode).toBe(201);
    return `${TOURNAMENTS}/${(created.json() as { id: string }).id}`;
  }

  const evening = [{ from: '2026-05-01T19:00:00+02:00', to: '2026-05-01T23:00:00Z' }];

  it('adds, lists, changes and deletes a station, its availability in UTC and sorted', async () => {
    const base = await aTournament();
    const created = await http().post(`${base}/stations`, { name: ' Table 1 ', available: [{ from: '2026-05-02T17:00:00Z', to: '2026-05-02T22:00:00Z' }, ...evening] }, as());
    expect(created.statusCode).toBe(201);
    const station = created.json();
    expect(station).toMatchObject({
      name: 'Table 1',
      available: [
        { from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' },
        { from: '2026-05-02T17:00:00.000Z', to: '2026-05-02T22:00:00.000Z' },
      ],
    });
    expect(created.headers.location).toBe(`${base}/stations/${station.id}`);
    expect((await http().post(`${base}/stations`, { name: 'Table 2' }, as())).json()).toMatchObject({ name: 'Table 2', available: null });

    const list = await http().get(`${base}/stations`, as());
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((entry: { name: string }) => entry.name)).toEqual(['Table 1', 'Table 2']);

    const patched = await http().patch(`${base}/stations/${station.id}`, { available: null, name: 'Centre court' }, as());
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Centre court', available: null });
    expect((await http().get(`${base}/stations/${station.id}`, as())).json()).toMatchObject({ name: 'Centre court', available: null });

    expect((await http().delete(`${base}/stations/${station.id}`, as())).statusCode).toBe(204);
    expectProblem(await http().get(`${base}/stations/${station.id}`, as()), 404, 'not_found');
    expectProblem(await http().delete(`${base}/stations/${station.id}`, as()), 404, 'not_found');
  });

  it('refuses bad availability with a 422 that points at it, and changes nothing', async () => {
    const base = await aTournament();
    const backwards = expectProblem(await http().post(`${base}/stations`, { name: 'T', available: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T18:00:00Z' }] }, as()), 422, 'validation_failed');
    expect(backwards.errors).toEqual([{ pointer: '/available/0/to', detail: 'to must be after from.' }]);
    const notInstant = expectProblem(await http().post(`${base}/stations`, { name: 'T', available: [{ from: 'tonight', to: '2026-05-01T18:00:00Z', at: 1 }] }, as()), 422, 'validation_failed');
    expect((notInstant.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/available/0/at', '/available/0/from']);
    expectProblem(await http().post(`${base}/stations`, { name: 'T', available: 'always' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(`${base}/stations`, { name: '' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(`${base}/stations`, { available: null }, as()), 422, 'validation_failed');
    const station = (await http().post(`${base}/stations`, { name: 'T', available: evening }, as())).json();
    expectProblem(await http().patch(`${base}/stations/${station.id}`, { available: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T23:00:00Z' }] }, as()), 422, 'validation_failed');
    expect((await http().get(`${base}/stations`, as())).json().data).toEqual([station]);
  });

  it('holds at most 256 stations per tournament: the next one is a 422 and is not added', async () => {
    const base = await aTournament();
    for (let index = 0; index < 256; index += 32) {
      const answers = await Promise.all(Array.from({ length: 32 }, (_, offset) => http().post(`${base}/stations`, { name: `Table ${index + offset + 1}` }, as())));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(32).fill(201));
    }
    expectProblem(await http().post(`${base}/stations`, { name: 'One too many' }, as()), 422, 'too_many_stations');
    expect((await http().get(`${base}/stations`, as())).json().data).toHaveLength(256);
    // Another tournament has its own 256.
    expect((await http().post(`${await aTournament()}/stations`, { name: 'Table 1' }, as())).statusCode).toBe(201);
  });

  it('keeps stations to their account: another account’s tournament and station are 404, and stay as they were', async () => {
    const base = await aTournament();
    const station = (await http().post(`${base}/stations`, { name: 'Mine', available: evening }, as())).json();
    const stranger = as(api.stranger);
    expectProblem(await http().get(`${base}/stations`, stranger), 404, 'not_found');
    expectProblem(await http().post(`${base}/stations`, { name: 'Theirs' }, stranger), 404, 'not_found');
    expectProblem(await http().get(`${base}/stations/${station.id}`, stranger), 404, 'not_found');
    expectProblem(await http().patch(`${base}/stations/${station.id}`, { name: 'Taken' }, stranger), 404, 'not_found');
    expectProblem(await http().delete(`${base}/stations/${station.id}`, stranger), 404, 'not_found');
    // Their own tournament does not reach my station either.
    const theirs = await aTournament(api.stranger);
    expectProblem(await http().get(`${theirs}/stations/${station.id}`, stranger), 404, 'not_found');
    expectProblem(await http().get(`${base}/stations/not-a-uuid`, as()), 404, 'not_found');
    expect((await http().get(`${base}/stations`, as())).json().data).toEqual([station]);
  });

  it('goes with its tournament', async () => {
    const base = await aTournament();
    await http().post(`${base}/stations`, { name: 'Table 1' }, as());
    expect((await http().delete(base, as())).statusCode).toBe(204);
    expectProblem(await http().get(`${base}/stations`, as()), 404, 'not_found');
  });
});
