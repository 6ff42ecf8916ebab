import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  round: number;
  stage: string | null;
  group: string | null;
  status: string;
  opponents: { participant_id: string | null; seed: number | null; placeholder?: string }[];
}

/** Stages (issue 40): the stages routes, a tie across the cut waiting for a decision, swiss then a top cut. */
describe('stages: routes, ties across a cut, swiss then a top cut', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function started(stages: object[], participants: object[]) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return `${TOURNAMENTS}/${id}`;
  }
  const matches = async (base: string, query = '') => ((await http().get(`${base}/matches?limit=100${query}`, as())).json() as { data: MatchJson[] }).data;
  const report = (base: string, match: MatchJson, body: object) => http().patch(`${base}/matches/${match.id}`, body, as());

  it('waits for a decision when rows nothing separates straddle the cut, refuses one naming other rows, and moves on with it', async () => {
    const names = ['North', 'South', 'East', 'West'];
    const base = await started(
      [
        { key: 'pool', name: 'Pool', format: 'round_robin', advance: { top: 2 } },
        { key: 'final', name: 'Final', format: 'single_elimination' },
      ],
      names.map((name) => ({ name })),
    );
    expectProblem(await http().get(`${base}/stages/nope`, as()), 404, 'not_found');
    const early = await http().post(`${base}/stages/pool/decisions`, { group: 'A', order: [randomUUID(), randomUUID()], reason: 'lots' }, as());
    expectProblem(early, 409, 'stage_not_awaiting_decision');
    // Every match a 1–1 draw: all four level on everything, two above the line and two below.
    for (const match of await matches(base, '&stage=pool')) expect((await report(base, match, { scores: [1, 1] })).statusCode).toBe(200);
    const waiting = (await http().get(`${base}/stages/pool`, as())).json();
    expect(waiting).toMatchObject({ status: 'awaiting_decision', qualifiers: null, awaiting_decision: { group: 'A', cut: 2 } });
    const tied = (waiting.awaiting_decision.rows as { participant_id: string }[]).map((row) => row.participant_id);
    expect(tied).toHaveLength(4);
    const [final] = await matches(base, '&stage=final');
    expect(final).toMatchObject({ status: 'pending' });
    expect(final.opponents.map((opponent) => opponent.participant_id)).toEqual([null, null]);

    const wrong = await http().post(`${base}/stages/pool/decisions`, { group: 'A', order: tied.slice(0, 2), reason: 'drawing of lots' }, as());
    expectProblem(wrong, 422, 'decision_rows_not_tied');
    expect((await http().get(`${base}/stages/pool`, as())).json()).toMatchObject({ status: 'awaiting_decision' });

    const order = [tied[3], tied[1], tied[0], tied[2]];
    const decided = await http().post(`${base}/stages/pool/decisions`, { group: 'A', order, reason: 'drawing of lots' }, as());
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'completed', awaiting_decision: null, decisions: [{ group: 'A', order, reason: 'drawing of lots' }] });
    const [filled] = await matches(base, '&stage=final');
    expect(filled).toMatchObject({ status: 'ready' });
    expect(filled.opponents.map((opponent) => opponent.participant_id)).toEqual([order[0], order[1]]);
    const table = (await http().get(`${base}/standings?stage=pool`, as())).json() as { data: { group: string; rank: number; participant_id: string; tiebreakers: { name: string; reason?: string }[] }[]; best: null };
    expect(table.data.map((row) => [row.group, row.rank, row.participant_id])).toEqual(order.map((id, index) => ['A', index + 1, id]));
    expect(table.data[0].tiebreakers).toContainEqual({ name: 'organiser_decision', value: 1, reason: 'drawing of lots' });
    expect(table.best).toBeNull();
    expect(((await http().get(base, as())).json() as { stages: { status: string }[] }).stages.map((stage) => stage.status)).toEqual(['completed', 'in_progress']);
  });

  it('plays a swiss of 16 then a top-8 bracket seeded by the swiss standings, and lists the stages with their groups and qualifiers', async () => {
    const base = await started(
      [
        { key: 'swiss', name: 'Swiss stage', format: 'swiss', rounds: 4, advance: { top: 8 } },
        { key: 'playoffs', name: 'Playoffs', format: 'single_elimination' },
      ],
      Array.from({ length: 16 }, (_, index) => ({ name: `Player ${index + 1}`, seed: index + 1 })),
    );
    const [playoff] = await matches(base, '&stage=playoffs');
    expect(playoff.opponents.map((opponent) => opponent.placeholder)).toEqual(['Winner Group A', '8th Group A']);
    for (let round = 1; round <= 4; round++) {
      for (const match of (await matches(base, '&stage=swiss')).filter((one) => one.status === 'ready')) {
        const [a, b] = match.opponents;
        const aWins = (a.seed ?? 99) < (b.seed ?? 99);
        expect((await report(base, match, { scores: aWins ? [2, 0] : [0, 2], winner_id: aWins ? a.participant_id : b.participant_id })).statusCode).toBe(200);
      }
    }
    const stages = (await http().get(`${base}/stages`, as())).json() as { data: { key: string; status: string; groups: { label: string; participants: unknown[] }[]; qualifiers: unknown[] | null }[] };
    expect(stages.data.map((stage) => [stage.key, stage.status])).toEqual([
      ['swiss', 'completed'],
      ['playoffs', 'in_progress'],
    ]);
    expect(stages.data[0].groups).toEqual([{ label: 'A', participants: expect.any(Array) }]);
    expect(stages.data[0].groups[0].participants).toHaveLength(16);
    expect(stages.data[0].qualifiers).toHaveLength(8);
    const firstRound = (await matches(base, '&stage=playoffs')).filter((match) => match.round === 1);
    expect(firstRound.every((match) => match.status === 'ready')).toBe(true);
    // Seed 1 won every round: first in the swiss, it meets the eighth.
    expect(firstRound[0].opponents[0].seed).toBe(1);
  });

  it('refuses a start that leaves a group with fewer than two, naming the groups, and stays a draft', async () => {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, stages: [{ key: 'g', name: 'Groups', format: 'round_robin', groups: 4, advance: { per_group: 1 } }, { key: 'ko', name: 'KO', format: 'single_elimination' }] }, as());
    const { id } = created.json() as { id: string };
    await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: Array.from({ length: 6 }, (_, index) => ({ name: `T${index}` })) }, as());
    const refused = expectProblem(await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as()), 409, 'groups_not_fillable');
    // Snake over 4 groups: A and B get one each.
    expect(refused.groups).toEqual([expect.objectContaining({ group: 'A' }), expect.objectContaining({ group: 'B' })]);
    expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'draft' });
  });
});
