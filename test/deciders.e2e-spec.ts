import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  status: string;
  opponents: { participant_id: string | null; score: number | null; result: string | null }[];
  winner_id: string | null;
  next_match_id: string | null;
  decider: { method: string; scores: number[] | null } | null;
  version: number;
}

/** Level scores in a knockout match settled by a decider (issue 40), over HTTP: the report, the match, the viewer. */
describe('level scores with a decider', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function aTournament(format: string, count: number) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, visibility: 'unlisted' }, as());
    expect(created.statusCode).toBe(201);
    const { id, share_id: shareId } = created.json() as { id: string; share_id: string };
    const participants = Array.from({ length: count }, (_, index) => ({ name: `Team ${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const base = `${TOURNAMENTS}/${id}`;
    const matches = ((await http().get(`${base}/matches?limit=100`, as())).json() as { data: MatchJson[] }).data;
    return { base, shareId, matches };
  }

  const one = async (base: string, id: string) => (await http().get(`${base}/matches/${id}`, as())).json() as MatchJson;
  const report = (base: string, match: MatchJson, body: object, query = '') => http().patch(`${base}/matches/${match.id}${query}`, body, as());

  it('decides a knockout match level 1–1 on penalties: the winner moves on, the match and the viewer say so, a correction clears it', async () => {
    const { base, shareId, matches } = await aTournament('single_elimination', 4);
    const [semi] = matches;
    const [home, away] = semi.opponents.map((opponent) => opponent.participant_id!);
    const decided = await report(base, semi, { scores: [1, 1], winner_id: away, decider: { method: 'penalties', scores: [2, 4] } });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'completed', winner_id: away, outcome: 'played', decider: { method: 'penalties', scores: [2, 4] } });
    expect((decided.json() as MatchJson).opponents.map((opponent) => [opponent.score, opponent.result])).toEqual([
      [1, 'loss'],
      [1, 'win'],
    ]);
    const final = await one(base, semi.next_match_id!);
    expect(final.opponents.map((opponent) => opponent.participant_id)).toContain(away);
    expect(final.decider).toBeNull();
    expect((await one(base, semi.id)).decider).toEqual({ method: 'penalties', scores: [2, 4] });

    const snapshot = (await http().get(`/v/${shareId}.json`)).json() as { matches: { number: number; decider: unknown }[] };
    expect(snapshot.matches.find((match) => match.number === semi.number)!.decider).toEqual({ method: 'penalties', scores: [2, 4], text: 'won 4–2 on penalties' });
    expect((await http().get(`/v/${shareId}`)).body).toContain('<span class="decider">won 4–2 on penalties</span>');
    expect((await http().get(`/v/${shareId}/bracket.svg`)).body).toContain(`Match ${semi.number}: won 4–2 on penalties`);

    // A correction replaces it, or clears it when it sends none.
    const coinToss = await report(base, semi, { scores: [0, 0], winner_id: away, decider: { method: 'coin_toss' } });
    expect(coinToss.json()).toMatchObject({ decider: { method: 'coin_toss', scores: null } });
    const played = await report(base, semi, { scores: [0, 2] });
    expect(played.json()).toMatchObject({ winner_id: away, decider: null });
    expect(home).not.toBe(away);
  });

  it('refuses a decider in round robin at /decider, and changes nothing', async () => {
    const { base, matches } = await aTournament('round_robin', 4);
    const [first] = matches;
    const winner = first.opponents[0].participant_id;
    const refused = await report(base, first, { scores: [1, 1], winner_id: winner, decider: { method: 'penalties', scores: [4, 2] } });
    expect(expectProblem(refused, 422, 'validation_failed').errors).toEqual([{ pointer: '/decider', detail: expect.stringContaining('single and double elimination') }]);
    expect(await one(base, first.id)).toMatchObject({ status: 'ready', version: first.version, decider: null });
  });

  it('keeps level scores without winner_id a 422 draw_not_allowed, and points at a decider that does not fit', async () => {
    const { base, matches } = await aTournament('double_elimination', 4);
    const [first] = matches;
    const [home, away] = first.opponents.map((opponent) => opponent.participant_id!);
    expectProblem(await report(base, first, { scores: [2, 2] }), 422, 'draw_not_allowed');
    const cases: [object, string][] = [
      [{ scores: [2, 2], winner_id: home, decider: { method: 'penalties', scores: [3, 5] } }, '/decider/scores'],
      [{ scores: [3, 2], winner_id: home, decider: { method: 'extra_time' } }, '/decider'],
      [{ scores: [2, 2], decider: { method: 'penalties' } }, '/winner_id'],
      [{ scores: [2, 2], winner_id: away, decider: { method: 'golden_goal' } }, '/decider/method'],
      [{ scores: [2, 2], winner_id: away, decider: 'penalties' }, '/decider'],
    ];
    for (const [body, pointer] of cases) {
      const problem = expectProblem(await report(base, first, body), 422, 'validation_failed');
      expect([body, (problem.errors as { pointer: string }[]).map((error) => error.pointer)]).toEqual([body, [pointer]]);
    }
    expect(await one(base, first.id)).toMatchObject({ status: 'ready', version: first.version, decider: null });
  });
});
