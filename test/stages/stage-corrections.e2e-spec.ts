import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  stage: string | null;
  group: string | null;
  status: string;
  winner_id: string | null;
  opponents: { participant_id: string | null; seed: number | null }[];
}

/** Stages (issue 40): a correction that changes who qualifies, once the next stage has results. */
describe('stages: corrections across stages', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });
  const matches = async (base: string, query = '') => ((await http().get(`${base}/matches?limit=100${query}`, as())).json() as { data: MatchJson[] }).data;
  const win = (base: string, match: MatchJson, slot: number, query = '') =>
    http().patch(`${base}/matches/${match.id}${query}`, { scores: slot === 0 ? [2, 0] : [0, 2], winner_id: match.opponents[slot].participant_id }, as());

  it('is 409 naming the later results, previews what it clears, and with reset_dependents draws the next stage again with the new qualifier', async () => {
    const created = await http().post(
      TOURNAMENTS,
      {
        name: `Cup ${randomUUID()}`,
        stages: [
          { key: 'groups', name: 'Groups', format: 'round_robin', groups: 2, advance: { per_group: 1 } },
          { key: 'final', name: 'Final', format: 'single_elimination' },
        ],
      },
      as(),
    );
    const base = `${TOURNAMENTS}/${(created.json() as { id: string }).id}`;
    await http().post(`${base}/participants/bulk`, { participants: Array.from({ length: 6 }, (_, index) => ({ name: `T${index + 1}`, seed: index + 1 })) }, as());
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    // The better seed wins every group match: seeds 1 (A) and 2 (B) meet in the final.
    const groupMatches = await matches(base, '&stage=groups');
    for (const match of groupMatches) expect((await win(base, match, match.opponents[0].seed! < match.opponents[1].seed! ? 0 : 1)).statusCode).toBe(200);
    const [final] = await matches(base, '&stage=final');
    expect(final.opponents.map((opponent) => opponent.seed)).toEqual([1, 2]);
    expect((await win(base, final, 0)).statusCode).toBe(200);
    expect((await http().get(base, as())).json()).toMatchObject({ status: 'completed' });

    // In group A (seeds 1, 4, 5): seed 4 beating seed 1 too leaves 1 and 4 level on points; head to head puts 4 first.
    const decisive = groupMatches.find((match) => match.group === 'A' && match.opponents.map((opponent) => opponent.seed).sort().join() === '1,4')!;
    const slotOf4 = decisive.opponents.findIndex((opponent) => opponent.seed === 4);
    const refused = expectProblem(await win(base, decisive, slotOf4), 409, 'dependent_matches_reported');
    expect(refused.dependent_matches).toEqual([{ id: final.id, number: final.number }]);
    expect((await matches(base, '&stage=final'))[0]).toMatchObject({ id: final.id, status: 'completed' });

    const previewed = await http().post(`${base}/matches/${decisive.id}/preview`, { scores: slotOf4 === 0 ? [2, 0] : [0, 2], winner_id: decisive.opponents[slotOf4].participant_id }, as());
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toMatchObject({ dry_run: true, cleared_matches: [{ id: final.id, number: final.number }], tournament_reopens: true });

    const reset = await win(base, decisive, slotOf4, '?reset_dependents=true');
    expect(reset.statusCode).toBe(200);
    const [redrawn] = await matches(base, '&stage=final');
    expect(redrawn).toMatchObject({ number: final.number, status: 'ready', winner_id: null });
    expect(redrawn.opponents.map((opponent) => opponent.seed)).toEqual([4, 2]);
    expect((await http().get(base, as())).json()).toMatchObject({ status: 'in_progress', stages: [{ status: 'completed' }, { status: 'in_progress' }] });
  });
});
