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
    for (let index = 0; index < 250; index++) expect((await http().post(`${base}/stations`, { name: `Table ${index + 1}` }, as())).statusCode).toBe(201);
    // Ten at once for the last six places: creates are counted one after the other.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => http().post(`${base}/stations`, { name: `Late ${index + 1}` }, as())));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(6).fill(201), ...Array(4).fill(422)]);
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

/** Issue 41: the schedule's preview plans the open matches on the stations and changes nothing. */
describe('schedule preview', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  async function aStartedTournament(format: string, count: number, schedule: object): Promise<string> {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, schedule }, as());
    expect(created.statusCode).toBe(201);
    const base = `${TOURNAMENTS}/${created.json().id}`;
    const batch = Array.from({ length: count }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${base}/participants/bulk`, { participants: batch }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return base;
  }

  it('plans every open match inside the window on the tournament’s stations, one at a time per station, and changes nothing', async () => {
    const window = { from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' };
    const base = await aStartedTournament('double_elimination', 8, { match_minutes: { default: 20, rounds: { grand_final: 40 } }, rest_minutes: 10, windows: [window] });
    const stations = await Promise.all(['Table 1', 'Table 2'].map(async (name) => (await http().post(`${base}/stations`, { name }, as())).json().id as string));
    const matches = (await http().get(`${base}/matches?limit=100`, as())).json().data as { id: string; number: number; status: string; scheduled_at: string | null }[];
    const open = matches.filter((match) => match.status !== 'completed');

    const response = await http().post(`${base}/schedule/preview`, { from: '2026-05-01T17:00:00Z' }, as());
    expect(response.statusCode).toBe(200);
    const plan = response.json() as { from: string; matches: { match_id: string; number: number; scheduled_at: string; ends_at: string; station_id: string }[]; unplaced: unknown[]; ends_at: string; lower_bound_ends_at: string };
    expect(plan.from).toBe('2026-05-01T17:00:00.000Z');
    expect(plan.unplaced).toEqual([]);
    expect(plan.matches.map((entry) => entry.match_id).sort()).toEqual(open.map((match) => match.id).sort());
    for (const entry of plan.matches) {
      expect(stations).toContain(entry.station_id);
      expect(entry.scheduled_at >= window.from && entry.ends_at <= window.to).toBe(true);
      expect(entry.number).toBe(matches.find((match) => match.id === entry.match_id)!.number);
      for (const other of plan.matches) {
        if (other !== entry && other.station_id === entry.station_id) expect(other.ends_at <= entry.scheduled_at || other.scheduled_at >= entry.ends_at).toBe(true);
      }
    }
    expect(plan.lower_bound_ends_at <= plan.ends_at).toBe(true);
    expect(plan.ends_at).toBe(plan.matches.map((entry) => entry.ends_at).sort().at(-1));
    // A preview writes nothing.
    const after = (await http().get(`${base}/matches?limit=100`, as())).json().data as { scheduled_at: string | null }[];
    expect(after.map((match) => match.scheduled_at)).toEqual(matches.map((match) => match.scheduled_at));
  });

  it('places nothing without stations, takes an empty body, and refuses bad options (422) and other accounts (404)', async () => {
    const base = await aStartedTournament('round_robin', 4, {});
    const empty = await http().post(`${base}/schedule/preview`, {}, as());
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ matches: [], ends_at: null });
    expect(empty.json().unplaced).toHaveLength(6);
    expectProblem(await http().post(`${base}/schedule/preview`, { keep_order: 'yes' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(`${base}/schedule/preview`, { from: 'now' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(`${base}/schedule/preview`, {}, as(api.stranger)), 404, 'not_found');
  });
});
