import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  group: string | null;
  status: string;
  opponents: { participant_id: string | null }[];
}
interface ParticipantJson {
  id: string;
  name: string;
  group: string | null;
}
interface StageJson {
  groups: { label: string; participants: { id: string; name: string }[] }[];
}

const stagesSeeded = (seeding: string, groups = 2) => [
  { key: 'groups', name: 'Groups', format: 'round_robin', groups, advance: { per_group: 1 }, seeding },
  { key: 'final', name: 'Final', format: 'single_elimination' },
];

/** Filling the first stage's groups (issue 40): by hand from each participant's `group`, and `sequential`. */
describe('stages: groups filled by hand (participant group) and sequentially', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function draft(body: object): Promise<string> {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, ...body }, as());
    expect(created.statusCode).toBe(201);
    return `${TOURNAMENTS}/${(created.json() as { id: string }).id}`;
  }
  async function register(base: string, participants: object[]): Promise<ParticipantJson[]> {
    const response = await http().post(`${base}/participants/bulk`, { participants }, as());
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: ParticipantJson[] }).data;
  }
  const start = (base: string) => http().patch(base, { status: 'in_progress' }, as());
  const groupsOf = async (base: string) =>
    Object.fromEntries(((await http().get(`${base}/stages/groups`, as())).json() as StageJson).groups.map((group) => [group.label, group.participants.map((entry) => entry.name).sort()]));
  const participantCount = async (base: string) => ((await http().get(`${base}/participants?limit=100`, as())).json() as { data: unknown[] }).data.length;

  it('plays the groups as set by hand on create, bulk and PATCH, and locks the group once started', async () => {
    const base = await draft({ stages: stagesSeeded('manual') });
    const [one, two, three, four, five] = await register(base, [
      { name: 'One', seed: 1, group: 'A' },
      { name: 'Two', seed: 2, group: 'A' },
      { name: 'Three', seed: 3, group: 'B' },
      { name: 'Four', seed: 4, group: 'B' },
      { name: 'Five', seed: 5, group: 'B' },
    ]);
    expect([one, two, three, four, five].map((participant) => participant.group)).toEqual(['A', 'A', 'B', 'B', 'B']);
    const created = await http().post(`${base}/participants`, { name: 'Six', seed: 6, group: 'B' }, as());
    expect(created.json()).toMatchObject({ name: 'Six', group: 'B' });
    const moved = await http().patch(`${base}/participants/${five.id}`, { group: 'A' }, as());
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ group: 'A', version: 2 });
    expect(((await http().get(`${base}/participants/${five.id}`, as())).json() as ParticipantJson).group).toBe('A');

    expect((await start(base)).statusCode).toBe(200);
    // Neither snake (1, 4, 5 | 2, 3, 6) nor sequential (1, 2, 3 | 4, 5, 6): the groups as set.
    expect(await groupsOf(base)).toEqual({ A: ['Five', 'One', 'Two'], B: ['Four', 'Six', 'Three'] });
    const byGroup = { A: new Set([one.id, two.id, five.id]), B: new Set([three.id, four.id, (created.json() as ParticipantJson).id]) };
    const groupMatches = ((await http().get(`${base}/matches?limit=100&stage=groups`, as())).json() as { data: MatchJson[] }).data;
    expect(groupMatches).toHaveLength(6);
    for (const match of groupMatches) {
      for (const opponent of match.opponents) if (opponent.participant_id) expect(byGroup[match.group as 'A' | 'B'].has(opponent.participant_id)).toBe(true);
      expect((await http().patch(`${base}/matches/${match.id}`, { scores: [2, 0] }, as())).statusCode).toBe(200);
    }
    const [final] = ((await http().get(`${base}/matches?stage=final`, as())).json() as { data: MatchJson[] }).data;
    expect(final.status).toBe('ready');
    const finalists = final.opponents.map((opponent) => opponent.participant_id!);
    expect(finalists.filter((id) => byGroup.A.has(id))).toHaveLength(1);
    expect(finalists.filter((id) => byGroup.B.has(id))).toHaveLength(1);

    const locked = expectProblem(await http().patch(`${base}/participants/${one.id}`, { group: 'B' }, as()), 409, 'field_locked');
    expect(locked).toMatchObject({ locked_fields: ['group'], current_status: 'in_progress' });
    expect(((await http().get(`${base}/participants/${one.id}`, as())).json() as ParticipantJson).group).toBe('A');
    // The same group again changes nothing, so it is no conflict.
    expect((await http().patch(`${base}/participants/${one.id}`, { group: 'A', name: 'One again' }, as())).statusCode).toBe(200);
  });

  it('refuses a start naming who has no group and which group is too small, changing nothing', async () => {
    const base = await draft({ stages: stagesSeeded('manual') });
    const [, , , four, five] = await register(base, [
      { name: 'One', group: 'A' },
      { name: 'Two', group: 'A' },
      { name: 'Three', group: 'B' },
      { name: 'Four', group: 'B' },
      { name: 'Five' },
    ]);
    expect(five.group).toBeNull();
    const missing = expectProblem(await start(base), 409, 'groups_not_fillable');
    expect(missing.participants).toEqual([{ id: five.id, detail: 'Five has no group.' }]);
    expect(missing.groups).toEqual([]);
    expect(((await http().get(base, as())).json() as { status: string }).status).toBe('draft');

    expect((await http().patch(`${base}/participants/${five.id}`, { group: 'A' }, as())).statusCode).toBe(200);
    expect((await http().patch(`${base}/participants/${four.id}`, { group: 'A' }, as())).statusCode).toBe(200);
    const small = expectProblem(await start(base), 409, 'groups_not_fillable');
    expect(small.participants).toEqual([]);
    expect(small.groups).toEqual([{ group: 'B', detail: 'Group B has 1 participant; a group needs at least 2.' }]);
    expect(((await http().get(base, as())).json() as { status: string }).status).toBe('draft');
    expect(((await http().get(`${base}/matches`, as())).json() as { data: unknown[] }).data).toEqual([]);

    // Four back to B: two groups of three, and the start goes through.
    expect((await http().patch(`${base}/participants/${four.id}`, { group: 'B' }, as())).statusCode).toBe(200);
    expect((await start(base)).statusCode).toBe(200);
  });

  it('is 422 at the pointer for a label the stage does not have or a tournament without hand-set groups, and 409 outside a draft', async () => {
    const base = await draft({ stages: stagesSeeded('manual') });
    const outside = expectProblem(await http().post(`${base}/participants`, { name: 'Far', group: 'C' }, as()), 422, 'validation_failed');
    expect(outside.errors).toEqual([{ pointer: '/group', detail: "must be one of the first stage's groups, A to B." }]);
    const lower = expectProblem(await http().post(`${base}/participants`, { name: 'Low', group: 'a' }, as()), 422, 'validation_failed');
    expect((lower.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/group']);
    expectProblem(await http().post(`${base}/participants`, { name: 'Long', group: 'ABC' }, as()), 422, 'validation_failed');
    const bulk = expectProblem(
      await http().post(`${base}/participants/bulk`, { participants: [{ name: 'Fine', group: 'A' }, { name: 'Far', group: 'Z' }] }, as()),
      422,
      'validation_failed',
    );
    expect((bulk.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/participants/1/group']);
    expect(await participantCount(base)).toBe(0);

    const [kept] = await register(base, [{ name: 'Kept', group: 'A' }]);
    expectProblem(await http().patch(`${base}/participants/${kept.id}`, { group: 'C' }, as()), 422, 'validation_failed');
    const cleared = await http().patch(`${base}/participants/${kept.id}`, { group: null }, as());
    expect(cleared.json()).toMatchObject({ group: null });

    expect((await http().patch(base, { status: 'registration_open' }, as())).statusCode).toBe(200);
    const closed = expectProblem(await http().patch(`${base}/participants/${kept.id}`, { group: 'A' }, as()), 409, 'field_locked');
    expect(closed).toMatchObject({ locked_fields: ['group'], current_status: 'registration_open' });
    expectProblem(await http().post(`${base}/participants`, { name: 'Late', group: 'A' }, as()), 409, 'field_locked');
    // Without a group, registering stays open.
    expect((await http().post(`${base}/participants`, { name: 'Late' }, as())).statusCode).toBe(201);

    for (const body of [{ format: 'round_robin' }, { stages: stagesSeeded('snake') }]) {
      const other = await draft(body);
      const none = expectProblem(await http().post(`${other}/participants`, { name: 'Grouped', group: 'A' }, as()), 422, 'validation_failed');
      expect((none.errors as { detail: string }[])[0].detail).toMatch(/has no groups to set by hand/);
      expect(await participantCount(other)).toBe(0);
    }
  });

  it('fills the groups sequentially by seed: the first ⌈n/groups⌉ to A, the rest to B', async () => {
    const base = await draft({ stages: stagesSeeded('sequential') });
    await register(base, [
      { name: 'Unseeded' },
      { name: 'Seed 3', seed: 3 },
      { name: 'Seed 1', seed: 1 },
      { name: 'Seed 4', seed: 4 },
      { name: 'Seed 2', seed: 2 },
    ]);
    expect((await start(base)).statusCode).toBe(200);
    expect(await groupsOf(base)).toEqual({ A: ['Seed 1', 'Seed 2', 'Seed 3'], B: ['Seed 4', 'Unseeded'] });
  });
});
