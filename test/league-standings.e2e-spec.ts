import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';
const LEAGUES = '/api/v1/leagues';

interface MatchJson {
  id: string;
  round: number;
  opponents: { participant_id: string }[];
  home_participant_id: string | null;
}

describe('competition rules and league tables API', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  async function created(path: string, body: object): Promise<{ id: string } & Record<string, unknown>> {
    const response = await http().post(path, body, as());
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function matchesOf(tournamentId: string): Promise<MatchJson[]> {
    const response = await http().get(`${TOURNAMENTS}/${tournamentId}/matches?limit=100`, as());
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: MatchJson[] }).data;
  }

  /** A tournament of the league with these participants ([name, external_id]), started. */
  async function started(fields: object, entrants: [string, string | null][]) {
    const tournament = await created(TOURNAMENTS, { name: `Event ${randomUUID()}`, ...fields });
    const bulk = await http().post(
      `${TOURNAMENTS}/${tournament.id}/participants/bulk`,
      { participants: entrants.map(([name, externalId], index) => ({ name, external_id: externalId, seed: index + 1 })) },
      as(),
    );
    expect(bulk.statusCode).toBe(201);
    const ids = new Map((bulk.json() as { data: { id: string; name: string }[] }).data.map((participant) => [participant.name, participant.id]));
    expect((await http().patch(`${TOURNAMENTS}/${tournament.id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return { id: tournament.id, ids };
  }

  /** A free-for-all of the league played in one match: `order` lists the names from first to last. */
  async function freeForAll(leagueId: string, order: [string, string | null][], weight?: number) {
    const tournament = await started({ format: 'free_for_all', league_id: leagueId, ...(weight ? { weight } : {}) }, order);
    const [match] = await matchesOf(tournament.id);
    const rankOf = new Map(order.map(([name], index) => [tournament.ids.get(name)!, index + 1]));
    const ranks = match.opponents.map((opponent) => rankOf.get(opponent.participant_id)!);
    expect((await http().patch(`${TOURNAMENTS}/${tournament.id}/matches/${match.id}`, { ranks }, as())).statusCode).toBe(200);
    return { ...tournament, match };
  }

  const standingsOf = async (leagueId: string) => {
    const response = await http().get(`${LEAGUES}/${leagueId}/standings`, as());
    expect(response.statusCode).toBe(200);
    return response.json() as { scoring: string; tournaments: { id: string; weight: number }[]; data: Record<string, unknown>[] };
  };

  describe('tournament rules', () => {
    it('shows the format’s defaults and takes points, tiebreakers and legs at creation', async () => {
      const swiss = await created(TOURNAMENTS, { name: 'Swiss', format: 'swiss' });
      expect(swiss).toMatchObject({ points: { win: 1, draw: 0.5, loss: 0 }, tiebreakers: ['buchholz', 'sonneborn_berger', 'seed'], legs: null, weight: 1 });
      const elimination = await created(TOURNAMENTS, { name: 'Cup', format: 'single_elimination' });
      expect(elimination).toMatchObject({ points: null, tiebreakers: null, legs: null });
      const league = await created(TOURNAMENTS, {
        name: 'League',
        format: 'round_robin',
        points: { win: 2 },
        tiebreakers: ['score_difference', 'head_to_head_points'],
        legs: 2,
      });
      expect(league).toMatchObject({ points: { win: 2, draw: 1, loss: 0 }, tiebreakers: ['score_difference', 'head_to_head_points', 'seed'], legs: 2 });
    });

    it('refuses unknown, misfit and repeated tiebreakers, negative points, legs: 2 outside round robin, a weight of 0: 422 at each pointer', async () => {
      const response = await http().post(
        TOURNAMENTS,
        { name: 'Bad', format: 'round_robin', tiebreakers: ['goal_average', 'buchholz', 'wins', 'wins'], points: { loss: -1 } },
        as(),
      );
      const problem = expectProblem(response, 422, 'validation_failed');
      expect((problem.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual([
        '/points/loss',
        '/tiebreakers/0',
        '/tiebreakers/1',
        '/tiebreakers/3',
      ]);
      const legs = expectProblem(await http().post(TOURNAMENTS, { name: 'Bad', format: 'swiss', legs: 2 }, as()), 422, 'validation_failed');
      expect(legs.errors).toEqual([expect.objectContaining({ pointer: '/legs' })]);
      const unknownKey = expectProblem(await http().post(TOURNAMENTS, { name: 'Bad', format: 'swiss', points: { bye: 1 } }, as()), 422, 'validation_failed');
      expect(unknownKey.errors).toEqual([expect.objectContaining({ pointer: '/points' })]);
      const weight = expectProblem(await http().post(TOURNAMENTS, { name: 'Bad', format: 'swiss', weight: 0 }, as()), 422, 'validation_failed');
      expect(weight.errors).toEqual([expect.objectContaining({ pointer: '/weight' })]);
    });

    it('locks the rules once play starts (409 field_locked) and keeps the weight editable', async () => {
      const tournament = await started({ format: 'round_robin' }, [
        ['A', null],
        ['B', null],
      ]);
      expectProblem(await http().patch(`${TOURNAMENTS}/${tournament.id}`, { tiebreakers: ['score_for'] }, as()), 409, 'field_locked');
      expectProblem(await http().patch(`${TOURNAMENTS}/${tournament.id}`, { points: { win: 2 } }, as()), 409, 'field_locked');
      const weighted = await http().patch(`${TOURNAMENTS}/${tournament.id}`, { weight: 1.5 }, as());
      expect(weighted.statusCode).toBe(200);
      expect(weighted.json()).toMatchObject({ weight: 1.5 });
    });

    it('plays a two-legged round robin: every ordered pair once, opponents[0] at home', async () => {
      const tournament = await started({ format: 'round_robin', legs: 2 }, [
        ['A', null],
        ['B', null],
        ['C', null],
        ['D', null],
        ['E', null],
      ]);
      const matches = await matchesOf(tournament.id);
      expect(matches).toHaveLength(20);
      expect(new Set(matches.map((match) => `${match.opponents[0].participant_id}>${match.opponents[1].participant_id}`)).size).toBe(20);
      for (const match of matches) expect(match.home_participant_id).toBe(match.opponents[0].participant_id);
      const oneLeg = await started({ format: 'round_robin' }, [
        ['A', null],
        ['B', null],
      ]);
      expect((await matchesOf(oneLeg.id))[0].home_participant_id).toBeNull();
    });
  });

  describe('league scoring', () => {
    it('refuses overlapping or backwards ranges, negative points and counted_results of 0; a sum league takes no placement table', async () => {
      const overlapping = await http().post(
        LEAGUES,
        {
          name: 'Bad',
          placement_points: [
            { ranks: '1-2', points: 100 },
            { ranks: '2-4', points: 50 },
            { ranks: '6-5', points: 10 },
            { ranks: '7', points: -1 },
          ],
        },
        as(),
      );
      const problem = expectProblem(overlapping, 422, 'validation_failed');
      expect((problem.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual([
        '/placement_points/1/ranks',
        '/placement_points/2/ranks',
        '/placement_points/3/points',
      ]);
      const none = expectProblem(await http().post(LEAGUES, { name: 'Bad', counted_results: 0 }, as()), 422, 'validation_failed');
      expect(none.errors).toEqual([expect.objectContaining({ pointer: '/counted_results' })]);
      expectProblem(await http().post(LEAGUES, { name: 'Bad', scoring: 'sum', counted_results: 2 }, as()), 422, 'validation_failed');
      const league = await created(LEAGUES, { name: 'Default' });
      expect(league).toMatchObject({ scoring: 'placements', counted_results: null });
      expect((league.placement_points as unknown[])[0]).toEqual({ ranks: '1', points: 100 });
    });
  });

  describe('a placements league', () => {
    it('ranks competitors across completed tournaments, follows corrections and weights on the next read, and is 404 to others', async () => {
      const league = await created(LEAGUES, {
        name: `Circuit ${randomUUID()}`,
        status: 'active',
        placement_points: [
          { ranks: '1', points: 10 },
          { ranks: '2', points: 6 },
          { ranks: '3-4', points: 3 },
        ],
        counted_results: 2,
      });
      const first = await freeForAll(league.id, [
        ['Ann', 'p-ann'],
        ['Bob', null],
        ['Cy', null],
      ]);
      await freeForAll(
        league.id,
        [
          ['bob', null],
          ['Ann Lee', 'p-ann'],
          ['Cy', null],
        ],
        2,
      );
      await freeForAll(league.id, [
        ['CY', null],
        ['BOB', null],
        ['Ann', 'p-ann'],
      ]);
      // Neither an unfinished nor a cancelled tournament counts.
      await started({ format: 'free_for_all', league_id: league.id }, [
        ['Ann', 'p-ann'],
        ['Bob', null],
      ]);
      const cancelled = await started({ format: 'free_for_all', league_id: league.id }, [
        ['Bob', null],
        ['Cy', null],
      ]);
      expect((await http().patch(`${TOURNAMENTS}/${cancelled.id}`, { status: 'cancelled' }, as())).statusCode).toBe(200);

      // Ann: 10, 6×2, 3 → best two 12 + 10 = 22. Bob: 6, 10×2, 6 → 20 + 6 = 26. Cy: 3, 3×2, 10 → 10 + 6 = 16.
      const table = await standingsOf(league.id);
      expect(table.scoring).toBe('placements');
      expect(table.tournaments).toHaveLength(3);
      expect(table.data.map((row) => [row.rank, row.competitor, row.name, row.points])).toEqual([
        [1, 'bob', 'BOB', 26],
        [2, 'p-ann', 'Ann', 22],
        [3, 'cy', 'CY', 16],
      ]);
      expect((table.data[1].results as { points: number; counted: boolean }[]).map((result) => [result.points, result.counted])).toEqual([
        [10, true],
        [12, true],
        [3, false],
      ]);

      // A correction of the first event (Cy won it) and a new weight for the second change the next read.
      const reordered = new Map([
        [first.ids.get('Cy')!, 1],
        [first.ids.get('Ann')!, 2],
        [first.ids.get('Bob')!, 3],
      ]);
      const ranks = first.match.opponents.map((opponent) => reordered.get(opponent.participant_id)!);
      expect((await http().patch(`${TOURNAMENTS}/${first.id}/matches/${first.match.id}`, { ranks }, as())).statusCode).toBe(200);
      const secondId = table.tournaments[1].id;
      expect((await http().patch(`${TOURNAMENTS}/${secondId}`, { weight: 1 }, as())).statusCode).toBe(200);
      // Ann: 6, 6, 3 → 12. Bob: 3, 10, 6 → 16. Cy: 10, 3, 10 → 20.
      const after = await standingsOf(league.id);
      expect(after.data.map((row) => [row.rank, row.competitor, row.points])).toEqual([
        [1, 'cy', 20],
        [2, 'bob', 16],
        [3, 'p-ann', 12],
      ]);

      expectProblem(await http().get(`${LEAGUES}/${league.id}/standings`, as(api.stranger)), 404, 'not_found');
      expectProblem(await http().get(`${LEAGUES}/not-a-uuid/standings`, as()), 404, 'not_found');
    });
  });

  describe('a sum league', () => {
    it('adds up its round robin tables (each scored by its own points) under the first tournament’s tiebreakers', async () => {
      const league = await created(LEAGUES, { name: `Divisions ${randomUUID()}`, scoring: 'sum', status: 'active' });
      const play = async (points: object, results: [string, string, number, number][]) => {
        const tournament = await started({ format: 'round_robin', league_id: league.id, points }, [
          ['Ann', null],
          ['Bob', null],
          ['Cy', null],
        ]);
        for (const match of await matchesOf(tournament.id)) {
          const [a, b] = match.opponents.map((opponent) => [...tournament.ids].find(([, id]) => id === opponent.participant_id)![0]);
          const [one, , x, y] = results.find(([first, second]) => (first === a && second === b) || (first === b && second === a))!;
          const scores = one === a ? [x, y] : [y, x];
          expect((await http().patch(`${TOURNAMENTS}/${tournament.id}/matches/${match.id}`, { scores }, as())).statusCode).toBe(200);
        }
      };
      await play({ win: 3, draw: 1, loss: 0 }, [
        ['Ann', 'Bob', 1, 0],
        ['Ann', 'Cy', 1, 1],
        ['Bob', 'Cy', 2, 0],
      ]);
      await play({ win: 2, draw: 1, loss: 0 }, [
        ['Ann', 'Bob', 0, 3],
        ['Ann', 'Cy', 0, 0],
        ['Bob', 'Cy', 0, 1],
      ]);
      // Ann: 4 + 1 = 5 (W1 D2 L1, 2-4). Bob: 3 + 2 = 5 (W2 L2, 5-2). Cy: 1 + 3 = 4 (W1 D2 L1, 2-3).
      // Ann and Bob level on 5: head to head 3 each (one win each), score difference Bob +3, Ann −2.
      const table = await standingsOf(league.id);
      expect(table.scoring).toBe('sum');
      expect(table.data.map((row) => [row.rank, row.competitor, row.points, row.played, row.wins, row.draws, row.losses, row.score_for, row.score_against])).toEqual([
        [1, 'bob', 5, 4, 2, 0, 2, 5, 2],
        [2, 'ann', 5, 4, 1, 2, 1, 2, 4],
        [3, 'cy', 4, 4, 1, 2, 1, 2, 3],
      ]);
      expect(table.data[0].tiebreakers).toEqual([
        { name: 'head_to_head_points', value: 3 },
        { name: 'score_difference', value: 3 },
        { name: 'score_for', value: 5 },
        { name: 'seed', value: 2 },
      ]);
    });
  });
});
