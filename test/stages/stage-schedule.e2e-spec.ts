import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';
const MINUTE = 60_000;

interface MatchJson {
  id: string;
  stage: string | null;
}
interface PlanJson {
  matches: { match_id: string; scheduled_at: string; ends_at: string; station_id: string }[];
  unplaced: string[];
}

/** Issue 41 on a staged tournament (issue 40): a stage's own schedule settings, checked, stored and planned with. */
describe('schedule settings per stage', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  const evening = '2026-05-01T17:00:00.000Z';
  const knockoutStart = '2026-05-01T20:00:00.000Z';
  const stages = (knockout: object = { match_minutes: { default: 40, rounds: { final: 60 } }, rest_minutes: 30, starts_at: knockoutStart }) => [
    { key: 'groups', name: 'Groups', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
    { key: 'knockout', name: 'Knockout', format: 'single_elimination', schedule: knockout },
  ];

  async function aStartedCup() {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages: stages(), schedule: { match_minutes: 20, rest_minutes: 10 } }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const base = `${TOURNAMENTS}/${id}`;
    const participants = Array.from({ length: 8 }, (_, index) => ({ name: `Team ${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${base}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    for (const name of ['Pitch 1', 'Pitch 2']) expect((await http().post(`${base}/stations`, { name }, as())).statusCode).toBe(201);
    return { created: created.json() as { stages: { key: string; schedule: object | null }[] }, base };
  }

  it('answers each stage’s own keys, and plans its matches with them: its minutes, its rest, not before its starts_at', async () => {
    const { created, base } = await aStartedCup();
    expect(created.stages.map((stage) => stage.schedule)).toEqual([null, { match_minutes: { default: 40, rounds: { final: 60 } }, rest_minutes: 30, starts_at: knockoutStart }]);

    const plan = (await http().post(`${base}/schedule`, { from: evening }, as())).json() as PlanJson;
    expect(plan.unplaced).toEqual([]);
    const matches = (await http().get(`${base}/matches?limit=100`, as())).json().data as MatchJson[];
    const stageOf = new Map(matches.map((match) => [match.id, match.stage]));
    const entries = (stage: string) => plan.matches.filter((entry) => stageOf.get(entry.match_id) === stage).map((entry) => ({ from: Date.parse(entry.scheduled_at), to: Date.parse(entry.ends_at) }));
    const groups = entries('groups');
    const knockout = entries('knockout').sort((a, b) => a.from - b.from);
    expect(new Set(groups.map((entry) => entry.to - entry.from))).toEqual(new Set([20 * MINUTE]));
    expect(knockout.map((entry) => (entry.to - entry.from) / MINUTE)).toEqual([40, 40, 60]);
    expect(Math.min(...groups.map((entry) => entry.from))).toBe(Date.parse(evening));
    expect(knockout[0].from).toBe(Date.parse(knockoutStart));
    expect(knockout[2].from - Math.max(knockout[0].to, knockout[1].to)).toBeGreaterThanOrEqual(30 * MINUTE);
  });

  it('changes a stage’s schedule during play (the stages’ status kept); the rest of a stage stays locked', async () => {
    const { base } = await aStartedCup();
    const patched = await http().patch(base, { stages: stages({ rest_minutes: 15 }) }, as());
    expect(patched.statusCode).toBe(200);
    expect(patched.json().stages.map((stage: { status: string; schedule: object | null }) => [stage.status, stage.schedule])).toEqual([
      ['in_progress', null],
      ['pending', { rest_minutes: 15 }],
    ]);
    const renamed = stages({ rest_minutes: 15 });
    renamed[1].name = 'Playoffs';
    expectProblem(await http().patch(base, { stages: renamed }, as()), 409, 'field_locked');
  });

  it('refuses bad values at the stage’s pointer with a 422, changing nothing', async () => {
    const { base } = await aStartedCup();
    const before = (await http().get(base, as())).json();
    const refused = expectProblem(
      await http().patch(base, { stages: stages({ rest_minutes: -5, windows: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T17:00:00Z' }] }) }, as()),
      422,
      'validation_failed',
    );
    expect((refused.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/stages/1/schedule/rest_minutes', '/stages/1/schedule/windows/0/to']);
    const after = (await http().get(base, as())).json();
    expect({ version: after.version, stages: after.stages }).toEqual({ version: before.version, stages: before.stages });
  });
});
