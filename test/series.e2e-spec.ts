import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { settled } from './support/settled';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  round: number;
  bracket: string;
  status: string;
  opponents: { participant_id: string | null; score: number | null; result: string | null }[];
  winner_id: string | null;
  games: { scores: number[]; winner_id: string | null }[];
  outcome: string | null;
  version: number;
}

/** Series (issue 44): best_of on the tournament, games in a report, in_progress and match.updated, over HTTP. */
describe('series: best_of and games', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (headers?: Record<string, string>) => ({ token: api.owner.token, headers });

  async function aTournament(format: string, count: number, fields: object = {}) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, ...fields }, as());
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const participants = Array.from({ length: count }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return { id, base: `${TOURNAMENTS}/${id}` };
  }

  const matches = async (base: string) => ((await http().get(`${base}/matches?limit=100`, as())).json() as { data: MatchJson[] }).data;
  const one = async (base: string, id: string) => (await http().get(`${base}/matches/${id}`, as())).json() as MatchJson;
  const patch = (base: string, match: MatchJson, body: object, query = '', headers?: Record<string, string>) =>
    http().patch(`${base}/matches/${match.id}${query}`, body, as(headers));
  /** Games each won by the opponent in the slot given. */
  const games = (...slots: number[]) => slots.map((slot) => ({ scores: slot === 0 ? [11, 7] : [7, 11] }));

  describe('best_of on the tournament', () => {
    it('takes a number or a per-round object, shows it, refuses what the format cannot play at its pointer, and locks it at the start', async () => {
      const plain = (await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination' }, as())).json();
      expect(plain).toMatchObject({ best_of: 1 });
      const perRound = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination', best_of: { default: 3, rounds: { final: 5, semi_final: 5 } } }, as());
      expect(perRound.json()).toMatchObject({ best_of: { default: 3, rounds: { final: 5, semi_final: 5 } } });
      for (const [format, bestOf, pointer] of [
        ['single_elimination', 2, '/best_of'],
        ['free_for_all', 3, '/best_of'],
        ['round_robin', 10, '/best_of'],
        ['swiss', { default: 3, rounds: { final: 5 } }, '/best_of/rounds/final'],
        ['single_elimination', { default: 3, rounds: { grand_final: 5 } }, '/best_of/rounds/grand_final'],
      ] as const) {
        const refused = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, best_of: bestOf }, as());
        expect([format, expectProblem(refused, 422, 'validation_failed').errors]).toEqual([format, [{ pointer, detail: expect.any(String) }]]);
      }
      const { base } = await aTournament('round_robin', 3, { best_of: 2 });
      expect((await http().get(base, as())).json()).toMatchObject({ best_of: 2 });
      expectProblem(await http().patch(base, { best_of: 4 }, as()), 409, 'field_locked');
    });
  });

  describe('reporting game by game', () => {
    it('keeps the match in_progress with the games won as scores, emits match.updated, and completes it (match.reported) once decided', async () => {
      const { id, base } = await aTournament('single_elimination', 4, { best_of: 5 });
      const [m1, , final] = await matches(base);
      const first = await patch(base, m1, { games: games(0) });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 'in_progress', winner_id: null, outcome: null, games: [{ scores: [11, 7], winner_id: m1.opponents[0].participant_id }] });
      expect((first.json() as MatchJson).opponents.map((opponent) => opponent.score)).toEqual([1, 0]);
      expect((await matches(`${base}`)).filter((match) => match.status === 'in_progress').map((match) => match.id)).toEqual([m1.id]);
      expect(((await http().get(`${base}/matches?status=in_progress`, as())).json() as { data: MatchJson[] }).data.map((match) => match.id)).toEqual([m1.id]);
      await patch(base, m1, { games: games(0, 1) }, '', { 'if-match': '"v2"' });
      const decided = await patch(base, m1, { games: games(0, 1, 0, 0) }, '', { 'if-match': '"v3"' });
      expect(decided.json()).toMatchObject({ status: 'completed', winner_id: m1.opponents[0].participant_id, outcome: 'played' });
      expect((decided.json() as MatchJson).opponents.map((opponent) => opponent.score)).toEqual([3, 1]);
      expect((await one(base, final.id)).opponents[0].participant_id).toBe(m1.opponents[0].participant_id);

      await settled(api.testApp);
      const feed = (await http().get(`/api/v1/events?tournament_id=${id}&types=match.updated,match.reported`, as())).json() as { data: { type: string; data: MatchJson }[] };
      expect(feed.data.map((event) => [event.type, event.data.status, event.data.games.length])).toEqual([
        ['match.updated', 'in_progress', 1],
        ['match.updated', 'in_progress', 2],
        ['match.reported', 'completed', 4],
      ]);
    });

    it('two reporters of the next game with the same If-Match: exactly one wins, the other is 412 and its game is not written', async () => {
      const { base } = await aTournament('single_elimination', 4, { best_of: 3 });
      const [m1] = await matches(base);
      expect((await patch(base, m1, { games: games(0) }, '', { 'if-match': '"v1"' })).statusCode).toBe(200);
      const responses = await Promise.all([
        patch(base, m1, { games: games(0, 1) }, '', { 'if-match': '"v2"' }),
        patch(base, m1, { games: games(0, 0) }, '', { 'if-match': '"v2"' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 412]);
      const winner = responses.find((response) => response.statusCode === 200)!.json() as MatchJson;
      expect(await one(base, m1.id)).toMatchObject({ version: 3, games: winner.games, status: winner.status });
    });
  });

  describe('bad games', () => {
    it('answers 422 at the game’s pointer and writes nothing', async () => {
      const { base } = await aTournament('single_elimination', 4, { best_of: 5 });
      const [m1] = await matches(base);
      for (const [body, pointer] of [
        [{ games: [{ scores: [11, 7] }, { scores: [11, 7, 2] }] }, '/games/1/scores'],
        [{ games: [{ scores: [11, 11], winner_id: randomUUID() }] }, '/games/0/winner_id'],
        [{ games: [{ scores: [11, -3] }] }, '/games/0/scores/1'],
        [{ games: games(0, 1, 0, 1, 0, 1, 0) }, '/games/5'],
        [{ games: games(0, 0, 0), scores: [3, 1] }, '/scores'],
      ] as const) {
        expect([pointer, expectProblem(await patch(base, m1, body), 422, 'validation_failed').errors]).toEqual([pointer, [{ pointer, detail: expect.any(String) }]]);
      }
      expect(await one(base, m1.id)).toMatchObject({ status: 'ready', version: 1, games: [] });

      const ffa = await aTournament('free_for_all', 3);
      const [round] = await matches(ffa.base);
      expect(expectProblem(await patch(ffa.base, round, { games: games(0) }), 422, 'validation_failed').errors).toEqual([{ pointer: '/games', detail: expect.any(String) }]);
      expect(await one(ffa.base, round.id)).toMatchObject({ status: 'ready', version: 1 });
    });
  });

  describe('outcomes', () => {
    it('a forfeit and a retirement show their outcome; a double forfeit in a bracket makes the final a walkover', async () => {
      const { base } = await aTournament('single_elimination', 4, { best_of: 5 });
      const [m1, m2, final] = await matches(base);
      const retired = await patch(base, m1, { outcome: 'retired', winner_id: m1.opponents[1].participant_id, games: games(0, 0, 1) });
      expect(retired.json()).toMatchObject({ status: 'completed', outcome: 'retired', winner_id: m1.opponents[1].participant_id, games: [{}, {}, {}] });
      expect((retired.json() as MatchJson).opponents.map((opponent) => opponent.score)).toEqual([2, 1]);
      expect((await patch(base, m2, { outcome: 'forfeit', winner_id: m2.opponents[0].participant_id })).json()).toMatchObject({ outcome: 'forfeit', games: [] });
      expect(await one(base, final.id)).toMatchObject({ status: 'ready' });

      const cup = await aTournament('single_elimination', 4);
      const [c1, c2, cFinal] = await matches(cup.base);
      expect((await patch(cup.base, c1, { outcome: 'double_forfeit' })).json()).toMatchObject({ outcome: 'double_forfeit', winner_id: null });
      expect((await patch(cup.base, c2, { scores: [2, 0] })).statusCode).toBe(200);
      expect(await one(cup.base, cFinal.id)).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: c2.opponents[0].participant_id });
      expect((await http().get(cup.base, as())).json()).toMatchObject({ status: 'completed' });
      expectProblem(await patch(cup.base, await one(cup.base, cFinal.id), { scores: [1, 0] }), 409, 'match_not_ready');

      // The other order: the double forfeit is the report that completes the tournament.
      const other = await aTournament('single_elimination', 4);
      const [o1, o2, oFinal] = await matches(other.base);
      expect((await patch(other.base, o2, { scores: [0, 2] })).statusCode).toBe(200);
      expect((await patch(other.base, o1, { outcome: 'double_forfeit' })).statusCode).toBe(200);
      expect(await one(other.base, oFinal.id)).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: o2.opponents[1].participant_id });
      expect((await http().get(other.base, as())).json()).toMatchObject({ status: 'completed' });
    });

    it('a double forfeit in round robin is a loss for both in the table; refusals at their pointer', async () => {
      const { base } = await aTournament('round_robin', 3);
      const [m1] = await matches(base);
      expect((await patch(base, m1, { outcome: 'double_forfeit' })).statusCode).toBe(200);
      const table = ((await http().get(`${base}/standings`, as())).json() as { data: { participant_id: string; losses: number; points: number }[] }).data;
      for (const opponent of m1.opponents) expect(table.find((row) => row.participant_id === opponent.participant_id)).toMatchObject({ losses: 1, points: 0 });

      const [, m2] = await matches(base);
      expect(expectProblem(await patch(base, m2, { outcome: 'walkover' }), 422, 'validation_failed').errors).toEqual([{ pointer: '/outcome', detail: expect.any(String) }]);
      expect(expectProblem(await patch(base, m2, { outcome: 'forfeit' }), 422, 'validation_failed').errors).toEqual([{ pointer: '/winner_id', detail: expect.any(String) }]);
      const ffa = await aTournament('free_for_all', 3);
      const [round] = await matches(ffa.base);
      expect(expectProblem(await patch(ffa.base, round, { outcome: 'double_forfeit' }), 422, 'validation_failed').errors).toEqual([{ pointer: '/outcome', detail: expect.any(String) }]);
    });
  });

  describe('standings of series', () => {
    it('show games won and lost and take the game tiebreakers, each with its value', async () => {
      const { base } = await aTournament('round_robin', 3, { best_of: 3, tiebreakers: ['game_difference', 'games_won', 'game_score_difference'] });
      const [m1, m2, m3] = await matches(base);
      await patch(base, m1, { games: [{ scores: [11, 9] }, { scores: [11, 2] }] });
      await patch(base, m2, { games: [{ scores: [11, 9] }, { scores: [5, 11] }, { scores: [11, 9] }] });
      await patch(base, m3, { outcome: 'forfeit', winner_id: m3.opponents[1].participant_id });
      const rows = ((await http().get(`${base}/standings`, as())).json() as { data: { participant_id: string; games_won: number; games_lost: number; tiebreakers: { name: string; value: number }[] }[] }).data;
      const totals = new Map<string, [number, number, number]>();
      const add = (id: string | null, won: number, lost: number, points: number) => {
        const [w, l, p] = totals.get(id!) ?? [0, 0, 0];
        totals.set(id!, [w + won, l + lost, p + points]);
      };
      add(m1.opponents[0].participant_id, 2, 0, 22 - 11);
      add(m1.opponents[1].participant_id, 0, 2, 11 - 22);
      add(m2.opponents[0].participant_id, 2, 1, 27 - 29);
      add(m2.opponents[1].participant_id, 1, 2, 29 - 27);
      for (const row of rows) {
        const [won, lost, points] = totals.get(row.participant_id) ?? [0, 0, 0];
        expect([row.participant_id, row.games_won, row.games_lost, row.tiebreakers.slice(0, 3).map((one) => one.value)]).toEqual([row.participant_id, won, lost, [won - lost, won, points]]);
      }
      const single = await aTournament('round_robin', 3);
      const [first] = ((await http().get(`${single.base}/standings`, as())).json() as { data: object[] }).data;
      expect(first).toMatchObject({ games_won: null, games_lost: null });
    });
  });

  describe('correcting a game', () => {
    it('that changes the winner is previewed first, then resets the dependents as any correction does', async () => {
      const { base } = await aTournament('single_elimination', 4, { best_of: 3 });
      const [m1, m2, final] = await matches(base);
      await patch(base, m1, { games: games(0, 1, 0) });
      await patch(base, m2, { games: games(0, 0) });
      await patch(base, await one(base, final.id), { games: games(0, 0) });
      expectProblem(await patch(base, m1, { games: games(0, 1, 1) }), 409, 'dependent_matches_reported');
      const preview = await http().post(`${base}/matches/${m1.id}/preview?reset_dependents=true`, { games: games(0, 1, 1) }, as());
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({ match: { winner_id: m1.opponents[1].participant_id }, cleared_matches: [{ id: final.id }] });
      expect(await one(base, final.id)).toMatchObject({ status: 'completed' });
      const corrected = await patch(base, m1, { games: games(0, 1, 1) }, '?reset_dependents=true');
      expect(corrected.statusCode).toBe(200);
      expect(await one(base, final.id)).toMatchObject({ status: 'ready', games: [], winner_id: null });
      expect((await one(base, final.id)).opponents[0].participant_id).toBe(m1.opponents[1].participant_id);
    });
  });
});
