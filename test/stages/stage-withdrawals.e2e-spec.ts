import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { settled } from '../support/settled';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  round: number;
  stage: string | null;
  group: string | null;
  status: string;
  outcome: string | null;
  winner_id: string | null;
  opponents: { participant_id: string | null; seed: number | null }[];
}
interface ParticipantJson {
  id: string;
  name: string;
  seed: number;
}
interface StageJson {
  status: string;
  groups: { label: string; participants: { id: string; name: string }[] }[];
  qualifiers: { participant_id: string; source: { group: string; place: number } }[] | null;
}

/** Two groups of four (the top two of each go on), then a four-player knockout. */
const GROUPS_THEN_KNOCKOUT = [
  { key: 'groups', name: 'Groups', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
  { key: 'knockout', name: 'Knockout', format: 'single_elimination' },
];

/** Stages (issue 40): withdrawals during a group stage and check-in before a staged start. */
describe('stages: withdrawals and check-in', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function draft(count: number, fields: object = {}, stages: object[] = GROUPS_THEN_KNOCKOUT) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages, ...fields }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const base = `${TOURNAMENTS}/${id}`;
    const teams = Array.from({ length: count }, (_, index) => ({ name: `Team ${index + 1}`, seed: index + 1 }));
    const registered = await http().post(`${base}/participants/bulk`, { participants: teams }, as());
    expect(registered.statusCode).toBe(201);
    const participants = (registered.json() as { data: ParticipantJson[] }).data;
    const bySeed = (seed: number) => participants.find((participant) => participant.seed === seed)!.id;
    return { id, base, bySeed };
  }
  const start = (base: string) => http().patch(base, { status: 'in_progress' }, as());
  const matches = async (base: string, query = '') => ((await http().get(`${base}/matches?limit=100${query}`, as())).json() as { data: MatchJson[] }).data;
  const stage = async (base: string, key: string) => (await http().get(`${base}/stages/${key}`, as())).json() as StageJson;
  /** The better seed wins by a goal. */
  const playSeedOrder = async (base: string, match: MatchJson) => {
    const better = match.opponents[0].seed! < match.opponents[1].seed! ? 0 : 1;
    const response = await http().patch(`${base}/matches/${match.id}`, { scores: better === 0 ? [2, 1] : [1, 2] }, as());
    expect([match.number, response.statusCode]).toEqual([match.number, 200]);
  };
  const seedsOf = (match: MatchJson) => match.opponents.map((opponent) => opponent.seed);

  it('forfeits a withdrawn participant’s remaining group matches; the withdrawal that decides the last of them completes the group stage and fills the knockout', async () => {
    const { id, base, bySeed } = await draft(8);
    expect((await start(base)).statusCode).toBe(200);
    // Snake: A holds seeds 1, 4, 5, 8; B holds 2, 3, 6, 7.
    const groupMatches = await matches(base, '&stage=groups');
    const involves8 = (match: MatchJson) => seedsOf(match).includes(8);
    // Team 8 plays (and loses) its first match, then every other group match is played.
    const [first8, ...rest8] = groupMatches.filter(involves8).sort((a, b) => a.round - b.round);
    await playSeedOrder(base, first8);
    for (const match of groupMatches.filter((one) => !involves8(one))) await playSeedOrder(base, match);
    expect((await http().get(base, as())).json()).toMatchObject({ stages: [{ status: 'in_progress' }, { status: 'pending' }] });

    const withdrawn = await http().post(`${base}/participants/${bySeed(8)}/withdraw`, { reason: 'withdrawn', note: 'injured' }, as());
    expect(withdrawn.statusCode).toBe(200);
    // Its two open group matches are forfeit wins for the opponents; its played match stands.
    const after = await matches(base, '&stage=groups');
    for (const open of rest8) {
      const match = after.find((one) => one.id === open.id)!;
      const opponent = match.opponents.find((slot) => slot.seed !== 8)!;
      expect(match).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: opponent.participant_id });
    }
    expect(after.find((one) => one.id === first8.id)).toMatchObject({ outcome: 'played' });

    // That withdrawal was the group stage's last open business: its qualifiers fill the knockout in the same request.
    expect((await http().get(base, as())).json()).toMatchObject({ stages: [{ status: 'completed' }, { status: 'in_progress' }] });
    const groups = await stage(base, 'groups');
    expect(groups.qualifiers!.map((qualifier) => `${qualifier.source.group}${qualifier.source.place}`)).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(groups.qualifiers!.map((qualifier) => qualifier.participant_id)).toEqual([bySeed(1), bySeed(4), bySeed(2), bySeed(3)]);
    const semis = (await matches(base, '&stage=knockout')).filter((match) => match.round === 1);
    expect(semis.map((match) => match.status)).toEqual(['ready', 'ready']);
    expect(semis.map(seedsOf)).toEqual([
      [1, 3],
      [2, 4],
    ]);
    // The group table still lists the withdrawn team, last.
    const table = (await http().get(`${base}/standings?stage=groups`, as())).json() as { data: { group: string; rank: number; participant_id: string; played: number; losses: number }[] };
    expect(table.data.filter((row) => row.group === 'A').at(-1)).toMatchObject({ participant_id: bySeed(8), rank: 4, played: 3, losses: 3 });

    await settled(api.testApp);
    const events = (await http().get(`/api/v1/events?tournament_id=${id}&types=stage.completed,stage.started&limit=100`, as())).json() as { data: { type: string; data: { stage: string } }[] };
    expect(events.data.map((event) => `${event.type} ${event.data.stage}`)).toEqual(['stage.started groups', 'stage.completed groups', 'stage.started knockout']);
  });

  it('keeps a qualifier who withdraws in their knockout slot, where they forfeit and their opponent moves on', async () => {
    const { base, bySeed } = await draft(8);
    expect((await start(base)).statusCode).toBe(200);
    for (const match of await matches(base, '&stage=groups')) await playSeedOrder(base, match);
    expect((await http().post(`${base}/participants/${bySeed(2)}/withdraw`, { reason: 'withdrawn' }, as())).statusCode).toBe(200);
    const [top, bottom, final] = (await matches(base, '&stage=knockout')).sort((a, b) => a.number - b.number);
    expect(seedsOf(bottom)).toEqual([2, 4]);
    expect(bottom).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: bySeed(4) });
    expect(top.status).toBe('ready');
    await playSeedOrder(base, top);
    const decided = (await matches(base, '&stage=knockout')).find((match) => match.id === final.id)!;
    expect(decided).toMatchObject({ status: 'ready' });
    expect(seedsOf(decided)).toEqual([1, 4]);
  });

  it('leaves out of the groups whoever has not checked in, and fills the groups from those who have', async () => {
    const { base, bySeed } = await draft(9, { check_in_required: true });
    for (const seed of [1, 2, 4, 5, 6, 7, 8, 9]) expect((await http().post(`${base}/participants/${bySeed(seed)}/check-in`, {}, as())).statusCode).toBe(200);
    const started = await start(base);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ participant_count: 8, dropped_participants: [{ id: bySeed(3), name: 'Team 3' }] });
    // Snake over the eight in seed order (1, 2, 4, 5, 6, 7, 8, 9): A takes 1, 5, 6, 9 and B 2, 4, 7, 8.
    const groups = await stage(base, 'groups');
    expect(Object.fromEntries(groups.groups.map((group) => [group.label, group.participants.map((entry) => entry.name)]))).toEqual({
      A: ['Team 1', 'Team 5', 'Team 6', 'Team 9'],
      B: ['Team 2', 'Team 4', 'Team 7', 'Team 8'],
    });
    const groupMatches = await matches(base, '&stage=groups');
    expect(groupMatches).toHaveLength(12);
    expect(groupMatches.flatMap(seedsOf)).not.toContain(3);
    expectProblem(await http().get(`${base}/participants/${bySeed(3)}`, as()), 404, 'not_found');
  });

  it('refuses a staged start whose check-in leaves a hand-filled group too small (409 groups_not_fillable), and changes nothing', async () => {
    const stages = [{ ...GROUPS_THEN_KNOCKOUT[0], seeding: 'manual', advance: { per_group: 1 } }, { ...GROUPS_THEN_KNOCKOUT[1] }];
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages, check_in_required: true }, as());
    const base = `${TOURNAMENTS}/${(created.json() as { id: string }).id}`;
    const registered = await http().post(
      `${base}/participants/bulk`,
      { participants: ['A', 'A', 'B', 'B', 'B'].map((group, index) => ({ name: `Team ${index + 1}`, seed: index + 1, group })) },
      as(),
    );
    const [one, , three, four, five] = (registered.json() as { data: ParticipantJson[] }).data;
    // Only one of group A checks in.
    for (const participant of [one, three, four, five]) expect((await http().post(`${base}/participants/${participant.id}/check-in`, {}, as())).statusCode).toBe(200);
    const refused = expectProblem(await start(base), 409, 'groups_not_fillable');
    expect(JSON.stringify(refused)).toMatch(/group A/i);
    expect((await http().get(base, as())).json()).toMatchObject({ status: 'draft', participant_count: 5 });
    expect(await matches(base)).toEqual([]);
  });
});
