import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/** Issue 41 through the API: a tournament's schedule settings, merged, checked, stored, editable during play. */
describe('schedule settings on the tournament', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  it('answers the defaults, then what was set, merged key by key; null restores the defaults', async () => {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'double_elimination' }, as());
    expect(created.statusCode).toBe(201);
    expect(created.json().schedule).toEqual({ starts_at: null, match_minutes: 30, rest_minutes: 10, windows: null });
    const base = `${TOURNAMENTS}/${created.json().id}`;

    const evenings = [
      { from: '2026-05-02T19:00:00+02:00', to: '2026-05-02T23:00:00Z' },
      { from: '2026-05-01T17:00:00Z', to: '2026-05-01T23:00:00Z' },
    ];
    const patched = await http().patch(base, { schedule: { match_minutes: { default: 20, rounds: { grand_final: 40 } }, windows: evenings } }, as());
    expect(patched.statusCode).toBe(200);
    const expected = {
      starts_at: null,
      match_minutes: { default: 20, rounds: { grand_final: 40 } },
      rest_minutes: 10,
      windows: [
        { from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' },
        { from: '2026-05-02T17:00:00.000Z', to: '2026-05-02T23:00:00.000Z' },
      ],
    };
    expect(patched.json().schedule).toEqual(expected);
    expect((await http().patch(base, { schedule: { rest_minutes: 5 } }, as())).json().schedule).toEqual({ ...expected, rest_minutes: 5 });
    expect((await http().get(base, as())).json().schedule).toEqual({ ...expected, rest_minutes: 5 });
    expect((await http().patch(base, { schedule: null }, as())).json().schedule).toEqual({ starts_at: null, match_minutes: 30, rest_minutes: 10, windows: null });
  });

  it('refuses a window that ends before it starts and a rest of −5 with a 422 at each pointer, changing nothing', async () => {
    const created = (await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'swiss', schedule: { rest_minutes: 20 } }, as())).json();
    expect(created.schedule.rest_minutes).toBe(20);
    const base = `${TOURNAMENTS}/${created.id}`;
    const refused = expectProblem(
      await http().patch(base, { name: 'Renamed', schedule: { rest_minutes: -5, windows: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T17:00:00Z' }] } }, as()),
      422,
      'validation_failed',
    );
    expect((refused.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/schedule/rest_minutes', '/schedule/windows/0/to']);
    expectProblem(await http().patch(base, { schedule: 'evenings' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(TOURNAMENTS, { name: 'Bad', format: 'swiss', schedule: { match_minutes: 0 } }, as()), 422, 'validation_failed');
    const after = (await http().get(base, as())).json();
    expect({ name: after.name, version: after.version, schedule: after.schedule }).toEqual({ name: created.name, version: created.version, schedule: created.schedule });
  });

  it('can be changed while the tournament is being played', async () => {
    const created = (await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination' }, as())).json();
    const base = `${TOURNAMENTS}/${created.id}`;
    const batch = Array.from({ length: 4 }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${base}/participants/bulk`, { participants: batch }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const patched = await http().patch(base, { schedule: { starts_at: '2026-05-01T18:00:00+01:00' } }, as());
    expect(patched.statusCode).toBe(200);
    expect(patched.json().schedule.starts_at).toBe('2026-05-01T17:00:00.000Z');
    expectProblem(await http().patch(base, { rounds: 3 }, as()), 409, 'field_locked');
  });
});
