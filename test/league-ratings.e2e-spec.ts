import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { computeRatings, RatedResult } from '../src/leagues/domain/ratings/rating-engine';
import { RatingSettings, ratingSettingsOf } from '../src/leagues/domain/ratings/rating-settings';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';
import { settled } from './support/settled';

const TOURNAMENTS = '/api/v1/tournaments';
const LEAGUES = '/api/v1/leagues';

interface MatchJson {
  id: string;
  status: string;
  completed_at: string | null;
  opponents: { participant_id: string; result: string | null; rank: number | null }[];
}
interface RatingRow {
  rank: number;
  player_key: string;
  name: string;
  score: number;
  rating?: number;
  mu?: number;
  sigma?: number;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  provisional: boolean;
  last_change: number | null;
}

describe('league ratings API (issue 43)', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner, headers: Record<string, string> = {}) => ({ token: account.token, headers });

  async function created(path: string, body: object): Promise<{ id: string } & Record<string, unknown>> {
    const response = await http().post(path, body, as());
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** A tournament of the league with these players, started; its participant ids by name. */
  async function started(leagueId: string, format: string, names: string[], externalIds: Record<string, string> = {}) {
    const tournament = await created(TOURNAMENTS, { name: `Event ${randomUUID()}`, format, league_id: leagueId });
    const bulk = await http().post(
      `${TOURNAMENTS}/${tournament.id}/participants/bulk`,
      { participants: names.map((name) => ({ name, external_id: externalIds[name] ?? null })) },
      as(),
    );
    expect(bulk.statusCode).toBe(201);
    const ids = new Map((bulk.json() as { data: { id: string; name: string }[] }).data.map((participant) => [participant.name, participant.id]));
    expect((await http().patch(`${TOURNAMENTS}/${tournament.id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    return { id: tournament.id, ids };
  }

  async function matchesOf(tournamentId: string): Promise<MatchJson[]> {
    const response = await http().get(`${TOURNAMENTS}/${tournamentId}/matches?limit=100`, as());
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: MatchJson[] }).data;
  }

  const report = async (tournamentId: string, matchId: string, body: object) => {
    const response = await http().patch(`${TOURNAMENTS}/${tournamentId}/matches/${matchId}`, body, as());
    expect(response.statusCode).toBe(200);
  };

  const ratings = async (leagueId: string, query = '') => {
    const response = await http().get(`${LEAGUES}/${leagueId}/ratings${query}`, as());
    expect(response.statusCode).toBe(200);
    return response.json() as { data: RatingRow[]; next_cursor: string | null };
  };

  it('rates a one-on-one match, follows a correction, pages with a cursor, and answers 304 while nothing changed', async () => {
    const league = await created(LEAGUES, { name: 'Club ladder', rating: { model: 'elo' } });
    expect(league.rating).toEqual({ model: 'elo', rating: 1500, k: 32, provisional_matches: 5, per_game: false });
    const cup = await started(league.id, 'single_elimination', ['Ann', 'Bob'], { Ann: 'p-1' });
    const [final] = await matchesOf(cup.id);
    await report(cup.id, final.id, { winner_id: cup.ids.get('Ann') });

    const first = await http().get(`${LEAGUES}/${league.id}/ratings`, as());
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: RatingRow[] }).data).toEqual([
      expect.objectContaining({ rank: 1, player_key: 'id:p-1', name: 'Ann', model: 'elo', score: 1516, rating: 1516, matches: 1, wins: 1, draws: 0, losses: 0, provisional: true, last_change: 16 }),
      expect.objectContaining({ rank: 2, player_key: 'name:bob', name: 'Bob', score: 1484, rating: 1484, matches: 1, wins: 0, losses: 1, last_change: -16 }),
    ]);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"r[\w-]+"$/);
    expect((await http().get(`${LEAGUES}/${league.id}/ratings`, as(api.owner, { 'if-none-match': etag }))).statusCode).toBe(304);

    const page = await ratings(league.id, '?limit=1');
    expect(page.data.map((row) => row.name)).toEqual(['Ann']);
    const next = await ratings(league.id, `?limit=1&cursor=${encodeURIComponent(page.next_cursor!)}`);
    expect(next).toEqual({ data: [expect.objectContaining({ rank: 2, name: 'Bob' })], next_cursor: null });

    // A correction: Bob won after all. The table is the replay over the corrected result.
    await report(cup.id, final.id, { winner_id: cup.ids.get('Bob') });
    const corrected = await http().get(`${LEAGUES}/${league.id}/ratings`, as(api.owner, { 'if-none-match': etag }));
    expect(corrected.statusCode).toBe(200);
    expect((corrected.json() as { data: RatingRow[] }).data.map((row) => [row.name, row.rating])).toEqual([
      ['Bob', 1516],
      ['Ann', 1484],
    ]);

    // One ratings.changed per published table, in the log with the league's id; the last is the table now.
    await settled(api.testApp);
    const events = await http().get(`/api/v1/events?types=ratings.changed&limit=100`, as());
    expect(events.statusCode).toBe(200);
    const published = (events.json() as { data: { league_id: string; tournament_id: string; data: { league_id: string; ratings: RatingRow[] } }[] }).data.filter(
      (event) => event.league_id === league.id,
    );
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(published.at(-1)).toMatchObject({ tournament_id: cup.id, data: { league_id: league.id, ratings: (corrected.json() as { data: RatingRow[] }).data } });

    const history = await http().get(`${LEAGUES}/${league.id}/ratings/${encodeURIComponent('name:bob')}/history`, as());
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({
      data: [
        {
          match_id: final.id,
          tournament_id: cup.id,
          completed_at: expect.any(String),
          rank: 1,
          outcome: 'win',
          before: { score: 1500, rating: 1500 },
          after: { score: 1516, rating: 1516 },
        },
      ],
      next_cursor: null,
    });
    expectProblem(await http().get(`${LEAGUES}/${league.id}/ratings/${encodeURIComponent('name:nobody')}/history`, as()), 404, 'not_found');
  });

  it('rates a free-for-all at once with openskill, as the package does; a deleted tournament leaves the table', async () => {
    const league = await created(LEAGUES, { name: 'Kart nights', rating: { model: 'openskill' } });
    const race = await started(league.id, 'free_for_all', ['A', 'B', 'C', 'D']);
    const [heat] = await matchesOf(race.id);
    const finish = ['B', 'D', 'C', 'A'];
    await report(race.id, heat.id, { ranks: heat.opponents.map((opponent) => finish.indexOf([...race.ids].find(([, id]) => id === opponent.participant_id)![0]) + 1) });
    const rows = (await ratings(league.id)).data;
    // openskill's README: ranks 4, 1, 3, 2 from the defaults.
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName.B.mu).toBeCloseTo(27.795, 2);
    expect(byName.D.mu).toBeCloseTo(26.553, 2);
    expect(byName.C.mu).toBeCloseTo(24.689, 2);
    expect(byName.A.mu).toBeCloseTo(20.963, 2);
    expect(rows.map((row) => row.name)).toEqual(['B', 'D', 'C', 'A']);
    expect([byName.B.wins, byName.A.losses]).toEqual([1, 1]);

    const other = await started(league.id, 'single_elimination', ['A', 'E']);
    const [final] = await matchesOf(other.id);
    await report(other.id, final.id, { winner_id: other.ids.get('E') });
    expect((await ratings(league.id)).data).toHaveLength(5);
    const deleted = await http().delete(`${TOURNAMENTS}/${other.id}`, as());
    expect(deleted.statusCode).toBe(204);
    expect((await ratings(league.id)).data).toEqual(rows);
  });

  it('rates neither byes nor forfeits: a bye holder and a withdrawn player have only their played matches', async () => {
    const league = await created(LEAGUES, { name: 'Byes and forfeits', rating: { model: 'elo' } });
    const cup = await started(league.id, 'single_elimination', ['Ann', 'Bob', 'Cy']);
    const open = (await matchesOf(cup.id)).filter((match) => match.status === 'ready');
    expect(open).toHaveLength(1);
    const [semi] = open;
    await report(cup.id, semi.id, { winner_id: semi.opponents[0].participant_id });
    // The bye holder's final: its opponent withdraws, so the final is a forfeit.
    const [final] = (await matchesOf(cup.id)).filter((match) => match.status === 'ready');
    const leaving = final.opponents.find((opponent) => opponent.participant_id !== cup.ids.get('Ann'))!.participant_id;
    const withdrawn = await http().post(`${TOURNAMENTS}/${cup.id}/participants/${leaving}/withdraw`, { reason: 'withdrawn' }, as());
    expect(withdrawn.statusCode).toBe(200);
    const rows = (await ratings(league.id)).data;
    expect(rows.map((row) => row.matches)).toEqual([1, 1]);
    expect(rows.map((row) => row.name)).not.toContain('Ann');
  });

  it('rates each game of a series with per_game, the match without it, and no reported forfeit or double forfeit', async () => {
    const byGame = await created(LEAGUES, { name: 'Per game', rating: { model: 'elo', per_game: true } });
    const byMatch = await created(LEAGUES, { name: 'Per match', rating: { model: 'elo' } });
    for (const league of [byGame, byMatch]) {
      const tournament = await created(TOURNAMENTS, { name: `Series ${randomUUID()}`, format: 'round_robin', best_of: 3, league_id: league.id });
      const bulk = await http().post(`${TOURNAMENTS}/${tournament.id}/participants/bulk`, { participants: ['Ann', 'Bob', 'Cy', 'Dee'].map((name) => ({ name })) }, as());
      expect(bulk.statusCode).toBe(201);
      const ids = new Map((bulk.json() as { data: { id: string; name: string }[] }).data.map((participant) => [participant.name, participant.id]));
      expect((await http().patch(`${TOURNAMENTS}/${tournament.id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
      const between = async (a: string, b: string) => {
        const pair = [ids.get(a), ids.get(b)];
        const match = (await matchesOf(tournament.id)).find((candidate) => candidate.opponents.every((opponent) => pair.includes(opponent.participant_id)))!;
        return { match, first: match.opponents[0].participant_id === ids.get(a) };
      };
      const annBob = await between('Ann', 'Bob');
      const annWins = [[11, 7], [9, 11], [11, 5]].map((scores) => ({ scores: annBob.first ? scores : [...scores].reverse() }));
      await report(tournament.id, annBob.match.id, { games: annWins });
      const cyDee = await between('Cy', 'Dee');
      await report(tournament.id, cyDee.match.id, { outcome: 'double_forfeit' });
      const annCy = await between('Ann', 'Cy');
      await report(tournament.id, annCy.match.id, { outcome: 'forfeit', winner_id: ids.get('Ann') });
    }
    await settled(api.testApp);
    const counts = async (leagueId: string) =>
      Object.fromEntries((await ratings(leagueId)).data.map((row) => [row.name, [row.matches, row.wins, row.losses]]));
    expect(await counts(byGame.id)).toEqual({ Ann: [3, 2, 1], Bob: [3, 1, 2] });
    expect(await counts(byMatch.id)).toEqual({ Ann: [1, 1, 0], Bob: [1, 0, 1] });
  });

  it('any sequence of reports and corrections gives the table computed from scratch over the final results', async () => {
    const settings = ratingSettingsOf({ model: 'glicko2' }) as RatingSettings;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ match: fc.nat({ max: 5 }), outcome: fc.constantFrom('first', 'second', 'draw') }), { minLength: 1, maxLength: 10 }),
        async (steps) => {
          const league = await created(LEAGUES, { name: `Round ${randomUUID()}`, rating: { model: 'glicko2' } });
          const event = await started(league.id, 'round_robin', ['W', 'X', 'Y', 'Z']);
          const matches = await matchesOf(event.id);
          for (const { match, outcome } of steps) {
            const scores = outcome === 'first' ? [2, 1] : outcome === 'second' ? [1, 2] : [1, 1];
            await report(event.id, matches[match].id, { scores });
          }
          const names = new Map([...event.ids].map(([name, id]) => [id, name]));
          const results: RatedResult[] = (await matchesOf(event.id))
            .filter((match) => match.status === 'completed')
            .map((match) => ({
              id: match.id,
              matchId: match.id,
              tournamentId: event.id,
              completedAt: new Date(match.completed_at!),
              placings: match.opponents.map((opponent) => {
                const name = names.get(opponent.participant_id)!;
                return { key: `name:${name.toLowerCase()}`, name, rank: opponent.result === 'loss' ? 2 : 1 };
              }),
            }));
          const r6 = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);
          const scratch = computeRatings(settings, results);
          const expected = scratch.table.map((row) => [row.name, r6(row.score), row.matches, row.wins, row.draws, row.losses, row.provisional, r6(row.lastChange)]);
          const table = (await ratings(league.id)).data;
          expect(table.map((row) => [row.name, row.score, row.matches, row.wins, row.draws, row.losses, row.provisional, row.last_change])).toEqual(expected);
          // Each player's history too: what a recompute from the corrected result on rewrote.
          for (const row of table) {
            const history = await http().get(`${LEAGUES}/${league.id}/ratings/${encodeURIComponent(row.player_key)}/history?limit=100`, as());
            const mine = scratch.history.filter((entry) => entry.key === row.player_key).map((entry) => [entry.matchId, entry.outcome, r6(entry.scoreBefore), r6(entry.scoreAfter)]);
            expect((history.json() as { data: { match_id: string; outcome: string; before: { score: number }; after: { score: number } }[] }).data.map((entry) => [entry.match_id, entry.outcome, entry.before.score, entry.after.score])).toEqual(mine);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  it('seeds a draft by the league’s ratings, the unrated last by name; refuses a league not rated, another account’s, or bad settings', async () => {
    const league = await created(LEAGUES, { name: 'Seeding ladder', rating: { model: 'elo' } });
    const cup = await started(league.id, 'single_elimination', ['Ann', 'Bob']);
    const [final] = await matchesOf(cup.id);
    await report(cup.id, final.id, { winner_id: cup.ids.get('Bob') });
    // The result's table (and its ratings.changed) is out before the league's setting changes below.
    await settled(api.testApp);

    const draft = await created(TOURNAMENTS, { name: 'Next cup', format: 'single_elimination' });
    const base = `${TOURNAMENTS}/${draft.id}/participants`;
    expect((await http().post(`${base}/bulk`, { participants: [{ name: 'ann' }, { name: 'Zed' }, { name: 'Bob' }, { name: 'Al' }] }, as())).statusCode).toBe(201);
    const preview = await http().post(`${base}/seed`, { by: 'rating', league_id: league.id, dry_run: true }, as());
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as { data: { name: string; seed: number }[] }).data.map(({ name, seed }) => `${seed}:${name}`)).toEqual(['1:Bob', '2:ann', '3:Al', '4:Zed']);
    expect((preview.json() as { league_id: string }).league_id).toBe(league.id);

    const unrated = await created(LEAGUES, { name: 'No ratings' });
    expectProblem(await http().post(`${base}/seed`, { by: 'rating', league_id: unrated.id }, as()), 409, 'league_not_rated');
    expectProblem(await http().get(`${LEAGUES}/${unrated.id}/ratings`, as()), 409, 'league_not_rated');
    const foreign = await http().post(LEAGUES, { name: 'Theirs', rating: { model: 'elo' } }, as(api.stranger));
    const refused = expectProblem(await http().post(`${base}/seed`, { by: 'rating', league_id: (foreign.json() as { id: string }).id }, as()), 422, 'validation_failed');
    expect(refused.errors).toEqual([{ pointer: '/league_id', detail: expect.any(String) }]);
    expectProblem(await http().get(`${LEAGUES}/${league.id}/ratings`, as(api.stranger)), 404, 'not_found');
    expect(((await http().get(`${base}?sort=seed`, as())).json() as { data: { seed: number | null }[] }).data.every((row) => row.seed === null)).toBe(true);

    const bad = expectProblem(await http().patch(`${LEAGUES}/${league.id}`, { rating: { model: 'glicko2', rd: 0, k: 3 } }, as()), 422, 'validation_failed');
    expect((bad.errors as { pointer: string }[]).map((error) => error.pointer)).toEqual(['/rating/k', '/rating/rd']);
    expectProblem(await http().post(LEAGUES, { name: 'Bad', rating: { model: 'trueskill' } }, as()), 422, 'validation_failed');
    const unchanged = (await http().get(`${LEAGUES}/${league.id}`, as())).json() as { rating: object; version: number };
    expect(unchanged.rating).toEqual({ model: 'elo', rating: 1500, k: 32, provisional_matches: 5, per_game: false });
    const patched = await http().patch(`${LEAGUES}/${league.id}`, { rating: { k: 16 } }, as());
    expect((patched.json() as { rating: object }).rating).toEqual({ model: 'elo', rating: 1500, k: 16, provisional_matches: 5, per_game: false });
    expect((await ratings(league.id)).data.map((row) => row.rating)).toEqual([1508, 1492]);

    // A new setting, or none, is published at once as ratings.changed (no tournament: the league changed).
    await settled(api.testApp);
    const changes = async () =>
      ((await http().get(`/api/v1/events?types=ratings.changed&limit=100`, as())).json() as { data: { league_id: string; tournament_id: string | null; data: { ratings: RatingRow[] } }[] }).data.filter(
        (event) => event.league_id === league.id,
      );
    expect((await changes()).at(-1)).toMatchObject({ tournament_id: null, data: { ratings: [expect.objectContaining({ name: 'Bob', rating: 1508 }), expect.objectContaining({ name: 'Ann', rating: 1492 })] } });
    expect((await http().patch(`${LEAGUES}/${league.id}`, { rating: { model: 'glicko2' } }, as())).statusCode).toBe(200);
    await settled(api.testApp);
    expect((await changes()).at(-1)?.data.ratings.map((row) => [row.name, Math.round(row.rating!)])).toEqual([
      ['Bob', 1662],
      ['Ann', 1338],
    ]);
    expect((await http().patch(`${LEAGUES}/${league.id}`, { rating: null }, as())).statusCode).toBe(200);
    await settled(api.testApp);
    expect((await changes()).at(-1)?.data.ratings).toEqual([]);
    expectProblem(await http().get(`${LEAGUES}/${league.id}/ratings`, as()), 409, 'league_not_rated');
  });
});
