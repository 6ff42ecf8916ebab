import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { settled } from '../support/settled';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface OpponentJson {
  participant_id: string | null;
  name: string | null;
  seed: number | null;
  source?: { stage: string; group?: string; place?: number; best?: number; rank?: number };
  placeholder?: string;
}
interface MatchJson {
  id: string;
  number: number;
  round: number;
  bracket: string;
  stage: string | null;
  group: string | null;
  status: string;
  opponents: OpponentJson[];
  winner_id: string | null;
}

const WORLD_CUP = [
  { key: 'groups', name: 'Group stage', format: 'round_robin', groups: 8, advance: { per_group: 2 } },
  { key: 'knockout', name: 'Knockout stage', format: 'single_elimination', third_place_match: true },
];

/** Stages (issue 40): a World Cup-shaped event of 32 teams played end to end over HTTP. */
describe('stages: groups then a knockout, one tournament', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function aStagedTournament(stages: object[], count: number) {
    const created = await http().post(TOURNAMENTS, { name: `World Cup ${randomUUID()}`, stages }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const participants = Array.from({ length: count }, (_, index) => ({ name: `Team ${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    return { id, base: `${TOURNAMENTS}/${id}` };
  }

  async function all(base: string, query = ''): Promise<MatchJson[]> {
    const found: MatchJson[] = [];
    let cursor: string | null = null;
    do {
      const page = (await http().get(`${base}/matches?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`, as())).json() as { data: MatchJson[]; next_cursor: string | null };
      found.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return found;
  }

  /** The better seed wins (the first slot on a level seed), by a goal. */
  async function playOut(base: string, match: MatchJson) {
    const [a, b] = match.opponents;
    const aWins = (a.seed ?? 99) < (b.seed ?? 99);
    const response = await http().patch(`${base}/matches/${match.id}`, { scores: aWins ? [2, 1] : [1, 2], winner_id: aWins ? a.participant_id : b.participant_id }, as());
    expect([match.number, response.statusCode]).toEqual([match.number, 200]);
  }

  it('reads back as multi_stage with its stages, and refuses stages that do not fit at their pointers', async () => {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages: WORLD_CUP }, as());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      format: 'multi_stage',
      stages: [
        { key: 'groups', status: 'pending', format: 'round_robin', groups: 8, advance: { per_group: 2 }, seeding: 'snake' },
        { key: 'knockout', status: 'pending', format: 'single_elimination', groups: 1, advance: null, seeding: 'cross_groups', third_place_match: true },
      ],
    });
    const refusals: [object[], string][] = [
      [[WORLD_CUP[0]], '/stages'],
      [[WORLD_CUP[0], { ...WORLD_CUP[1], key: 'groups' }], '/stages/1/key'],
      [[{ ...WORLD_CUP[0], key: 'Groups!' }, WORLD_CUP[1]], '/stages/0/key'],
      [[{ ...WORLD_CUP[0], groups: 65 }, WORLD_CUP[1]], '/stages/0/groups'],
      [[{ ...WORLD_CUP[0], advance: undefined }, WORLD_CUP[1]], '/stages/0/advance'],
      [[WORLD_CUP[0], { ...WORLD_CUP[1], third_place_match: undefined, format: 'round_robin', tiebreakers: ['buchholz'] }], '/stages/1/tiebreakers/0'],
      [[WORLD_CUP[0], { ...WORLD_CUP[1], seeding: { slots: ['A1', 'B2', 'A1'] } }], '/stages/1/seeding/slots/3'],
      [[{ ...WORLD_CUP[0], groups: 2, advance: { per_group: 2 } }, { ...WORLD_CUP[1], groups: 3 }], '/stages/1/groups'],
      [[WORLD_CUP[0], { ...WORLD_CUP[1], advance: { top: 2 } }], '/stages/1/advance'],
    ];
    for (const [stages, pointer] of refusals) {
      const refused = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages }, as());
      expect([pointer, (expectProblem(refused, 422, 'validation_failed').errors as { pointer: string }[]).map((error) => error.pointer)]).toEqual([pointer, [pointer]]);
    }
    expectProblem(await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'multi_stage' }, as()), 422, 'validation_failed');
    // While a draft, the stages change whole; another format clears them.
    const { id } = created.json() as { id: string };
    const changed = await http().patch(`${TOURNAMENTS}/${id}`, { stages: [{ ...WORLD_CUP[0], groups: 4 }, WORLD_CUP[1]] }, as());
    expect(changed.json()).toMatchObject({ format: 'multi_stage', stages: [{ groups: 4 }, { key: 'knockout' }] });
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { format: 'swiss' }, as())).json()).toMatchObject({ format: 'swiss', stages: null });
  });

  it('plays 8 groups of 4 then a knockout with a third-place match: qualifiers move on by themselves, group winners meet runners-up', async () => {
    const { base } = await aStagedTournament(WORLD_CUP, 32);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const start = await all(base);
    const groupMatches = start.filter((match) => match.stage === 'groups');
    const knockout = start.filter((match) => match.stage === 'knockout');
    expect(groupMatches).toHaveLength(8 * 6);
    expect(knockout).toHaveLength(16);
    // Snake seeding: seeds 1 and 16 in A, 2 and 15 in B.
    const groupA = (await all(base, '&stage=groups&group=A')).flatMap((match) => match.opponents.map((opponent) => opponent.seed));
    expect([...new Set(groupA)].sort((a, b) => a! - b!)).toEqual([1, 16, 17, 32]);
    // Matches of a group only involve that group.
    for (const match of groupMatches) expect(match.group).toMatch(/^[A-H]$/);
    expect((await http().get(base, as())).json()).toMatchObject({ stages: [{ status: 'in_progress' }, { status: 'pending' }] });
    const firstRound = knockout.filter((match) => match.round === 1);
    expect(firstRound[0]).toMatchObject({ status: 'pending', group: 'A' });
    expect(firstRound[0].opponents).toEqual([
      expect.objectContaining({ participant_id: null, source: { stage: 'groups', group: 'A', place: 1 }, placeholder: 'Winner Group A' }),
      expect.objectContaining({ participant_id: null, source: { stage: 'groups', group: 'B', place: 2 }, placeholder: 'Runner-up Group B' }),
    ]);
    expect(firstRound.every((match) => match.status === 'pending')).toBe(true);

    // The shared views show the placeholders: the JSON snapshot and the bracket image.
    const shared = (await http().patch(base, { visibility: 'unlisted' }, as())).json() as { share_id: string };
    const snapshot = (await http().get(`/v/${shared.share_id}.json`)).json() as { matches: { number: number; stage: string | null; group: string | null; opponents: { name: string | null; placeholder?: string }[] }[] };
    expect(snapshot.matches.find((match) => match.number === groupMatches[0].number)).toMatchObject({ stage: 'groups', group: groupMatches[0].group });
    expect(snapshot.matches.find((match) => match.number === firstRound[0].number)).toMatchObject({ stage: 'knockout' });
    expect(snapshot.matches.find((match) => match.number === firstRound[0].number)!.opponents).toEqual([
      expect.objectContaining({ name: null, placeholder: 'Winner Group A' }),
      expect.objectContaining({ name: null, placeholder: 'Runner-up Group B' }),
    ]);
    const image = (await http().get(`/v/${shared.share_id}/bracket.svg`)).body;
    // Stage by stage: the group stage's tables (group A's first row, seed 1), then the knockout's placeholders.
    expect(image.indexOf('>Group H<')).toBeGreaterThan(image.indexOf('>Group A<'));
    expect(image.indexOf('Winner Group A')).toBeGreaterThan(image.indexOf('>Group H<'));
    expect(image).toMatch(/>Group A<.*?>1<\/text><text [^>]*>Team 1</);
    // The page shows the knockout's third-place match too, after the bracket.
    const page = (await http().get(`/v/${shared.share_id}`)).body;
    expect(page.indexOf('Third-place match')).toBeGreaterThan(page.indexOf('Knockout'));

    for (const match of groupMatches) await playOut(base, match);
    const filled = (await all(base, '&stage=knockout')).filter((match) => match.round === 1);
    expect(filled.every((match) => match.status === 'ready')).toBe(true);
    // The winner of group A (seed 1) meets the runner-up of group B (seed 15).
    expect(filled[0].opponents.map((opponent) => opponent.seed)).toEqual([1, 15]);

    for (let round = 1; round <= 4; round++) {
      for (const match of (await all(base, '&stage=knockout')).filter((one) => one.round === round && one.status === 'ready')) await playOut(base, match);
    }
    const tournament = (await http().get(base, as())).json();
    expect(tournament).toMatchObject({ status: 'completed', stages: [{ key: 'groups', status: 'completed' }, { key: 'knockout', status: 'completed' }] });
    // The event log shows numbered events only: the last report's are numbered just after its commit.
    await settled(api.testApp);
    const events = (await http().get(`/api/v1/events?tournament_id=${tournament.id}&types=stage.completed,stage.started&limit=100`, as())).json() as { data: { type: string; data: { stage: string } }[] };
    expect(events.data.map((event) => `${event.type} ${event.data.stage}`)).toEqual(['stage.started groups', 'stage.completed groups', 'stage.started knockout', 'stage.completed knockout']);
    const standings = (await http().get(`${base}/standings`, as())).json() as { data: { rank: number; participant_id: string; seed?: number }[] };
    const ranks = standings.data.map((row) => row.rank);
    expect(ranks.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(standings.data).toHaveLength(32);
  });
});
