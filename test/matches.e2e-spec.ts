import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface Opponent {
  participant_id: string | null;
  score: number | null;
  rank: number | null;
  result: string | null;
}
interface MatchJson {
  id: string;
  number: number;
  round: number;
  bracket: string;
  status: string;
  opponents: Opponent[];
  winner_id: string | null;
  next_match_id: string | null;
  loser_next_match_id: string | null;
  scheduled_at: string | null;
  version: number;
}
interface StandingJson {
  rank: number;
  participant_id: string;
  name: string;
  points: number;
  tiebreakers: { name: string; value: unknown }[];
}

describe('matches, results and standings API', () => {
  const api = setUpApiTest();

  const http = () => api.testApp.http;
  const as = (account = api.owner, headers?: Record<string, string>) => ({ token: account.token, headers });

  /** A tournament with `count` participants P1…Pn seeded 1…n, optionally started. */
  async function aTournament(format: string, count: number, options: { start?: boolean; rounds?: number } = {}) {
    const created = await http().post(
      TOURNAMENTS,
      { name: `Cup ${randomUUID()}`, format, ...(options.rounds ? { rounds: options.rounds } : {}) },
      as(),
    );
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const participants: { id: string; name: string }[] = [];
    for (let from = 0; from < count; from += 256) {
      const batch = Array.from({ length: Math.min(256, count - from) }, (_, index) => ({ name: `P${from + index + 1}`, seed: from + index + 1 }));
      const response = await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: batch }, as());
      expect(response.statusCode).toBe(201);
      participants.push(...(response.json() as { data: { id: string; name: string }[] }).data);
    }
    if (options.start !== false) expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const byName = (name: string) => participants.find((participant) => participant.name === name)!.id;
    return { id, base: `${TOURNAMENTS}/${id}`, participants, byName };
  }

  async function allMatches(base: string, query = ''): Promise<MatchJson[]> {
    const matches: MatchJson[] = [];
    let cursor: string | null = null;
    do {
      const separator = query ? '&' : '';
      const url = `${base}/matches?limit=100${separator}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await http().get(url, as());
      expect(response.statusCode).toBe(200);
      const page = response.json() as { data: MatchJson[]; next_cursor: string | null };
      matches.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return matches;
  }

  const report = (base: string, match: MatchJson, body: object, query = '', headers?: Record<string, string>) =>
    http().patch(`${base}/matches/${match.id}${query}`, body, as(api.owner, headers));

  /** Scores so that `winner` (a participant id) wins match `match`. */
  const winBy = (match: MatchJson, winner: string) => ({ scores: match.opponents[0].participant_id === winner ? [2, 1] : [1, 2] });
  const named = (match: MatchJson, byName: (name: string) => string, a: string, b: string) =>
    [byName(a), byName(b)].sort().join() === match.opponents.map((o) => o.participant_id).sort().join();

  async function tournamentOf(id: string) {
    return (await http().get(`${TOURNAMENTS}/${id}`, as())).json() as { status: string; completed_at: string | null; version: number };
  }

  describe('starting a tournament', () => {
    it('needs at least 2 participants (409 not_enough_participants) and then changes nothing', async () => {
      for (const count of [0, 1]) {
        const { id, base } = await aTournament('single_elimination', count, { start: false });
        const problem = expectProblem(await http().patch(base, { status: 'in_progress' }, as()), 409, 'not_enough_participants');
        expect(problem.participant_count).toBe(count);
        expect((await tournamentOf(id)).status).toBe('draft');
        expect(await allMatches(base)).toEqual([]);
      }
    });

    it.each([
      ['single_elimination', 8, 7],
      ['single_elimination', 5, 4],
      ['double_elimination', 4, 6],
      ['round_robin', 6, 15],
      ['swiss', 7, 4],
      ['free_for_all', 5, 1],
    ])('generates a %s of %i participants in the same transaction (%i matches)', async (format, count, expected) => {
      const { base } = await aTournament(format, count);
      const matches = await allMatches(base);
      expect(matches.map((match) => match.number)).toEqual(Array.from({ length: expected }, (_, index) => index + 1));
    });

    it('takes rounds for swiss and free_for_all only', async () => {
      const created = await http().post(TOURNAMENTS, { name: 'Rounds', format: 'single_elimination', rounds: 3 }, as());
      expect(expectProblem(created, 422, 'validation_failed').errors).toEqual([{ pointer: '/rounds', detail: expect.any(String) }]);
      expectProblem(await http().post(TOURNAMENTS, { name: 'Rounds', format: 'swiss', rounds: 65 }, as()), 422, 'validation_failed');
      const { base } = await aTournament('free_for_all', 3, { rounds: 3 });
      expect((await http().get(base, as())).json()).toMatchObject({ rounds: 3 });
      expect((await allMatches(base)).map((match) => match.round)).toEqual([1, 2, 3]);
    });

    it('refuses more swiss rounds than the field has opponents: at start (422, nothing generated) and against the cap', async () => {
      const { id, base } = await aTournament('swiss', 4, { rounds: 10, start: false });
      const start = await http().patch(base, { status: 'in_progress' }, as());
      expect(expectProblem(start, 422, 'validation_failed').errors).toEqual([{ pointer: '/rounds', detail: expect.stringContaining('at most 3') }]);
      expect((await http().get(base, as())).json()).toMatchObject({ id, status: 'draft' });
      expect(await allMatches(base)).toEqual([]);
      expect((await http().patch(base, { rounds: 3, status: 'in_progress' }, as())).statusCode).toBe(200);

      const capped = await http().post(TOURNAMENTS, { name: `Capped ${randomUUID()}`, format: 'swiss', max_participants: 8, rounds: 8 }, as());
      expect(expectProblem(capped, 422, 'validation_failed').errors).toEqual([{ pointer: '/rounds', detail: expect.stringContaining('at most 7') }]);
      const { base: open } = await aTournament('swiss', 2, { rounds: 7, start: false });
      expectProblem(await http().patch(open, { max_participants: 6 }, as()), 422, 'validation_failed');
    });
  });

  describe('GET matches', () => {
    it('lists in play order with the §12 fields, pages with cursors and Link, and filters', async () => {
      const { base, byName } = await aTournament('double_elimination', 8);
      const first = await http().get(`${base}/matches?limit=5`, as());
      expect(first.statusCode).toBe(200);
      const page = first.json() as { data: MatchJson[]; next_cursor: string };
      expect(page.data.map((match) => match.number)).toEqual([1, 2, 3, 4, 5]);
      expect(page.data[0]).toEqual({
        id: expect.any(String),
        tournament_id: base.split('/').pop(),
        number: 1,
        round: 1,
        bracket: 'winners',
        status: 'ready',
        opponents: [
          { participant_id: byName('P1'), name: 'P1', seed: 1, score: null, rank: null, result: null },
          { participant_id: byName('P8'), name: 'P8', seed: 8, score: null, rank: null, result: null },
        ],
        winner_id: null,
        home_participant_id: null,
        outcome: null,
        games: [],
        decider: null,
        next_match_id: expect.any(String),
        loser_next_match_id: expect.any(String),
        scheduled_at: null,
        ends_at: null,
        station_id: null,
        pinned: false,
        completed_at: null,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        version: 1,
      });
      expect(first.headers.link).toContain('rel="next"');
      const second = (await http().get(`${base}/matches?limit=5&cursor=${encodeURIComponent(page.next_cursor)}`, as())).json() as { data: MatchJson[] };
      expect(second.data[0].number).toBe(6);

      const all = await allMatches(base);
      expect(all).toHaveLength(14);
      expect((await allMatches(base, 'bracket=losers')).every((match) => match.bracket === 'losers')).toBe(true);
      expect((await allMatches(base, 'round=2&bracket=winners')).map((match) => match.number)).toEqual(
        all.filter((match) => match.round === 2 && match.bracket === 'winners').map((match) => match.number),
      );
      expect((await allMatches(base, 'status=ready')).map((match) => match.number)).toEqual([1, 2, 3, 4]);
      expect((await allMatches(base, 'status=pending,completed')).length).toBe(10);
      expect((await allMatches(base, `participant_id=${byName('P3')}`)).map((match) => match.number)).toEqual([4]);
      const descending = (await http().get(`${base}/matches?sort=-number&limit=2`, as())).json() as { data: MatchJson[] };
      expect(descending.data.map((match) => match.number)).toEqual([14, 13]);
    });

    it('refuses bad parameters (400), another account’s tournament and malformed ids (404)', async () => {
      const { base } = await aTournament('round_robin', 3);
      for (const query of ['round=0', 'bracket=side', 'status=done', 'participant_id=nope', 'sort=round', 'color=red', 'limit=101']) {
        expectProblem(await http().get(`${base}/matches?${query}`, as()), 400, 'invalid_parameter');
      }
      const cursor = (await http().get(`${base}/matches?limit=1`, as())).json() as { next_cursor: string };
      expectProblem(await http().get(`${base}/matches?limit=1&status=ready&cursor=${encodeURIComponent(cursor.next_cursor)}`, as()), 400, 'invalid_parameter');
      expectProblem(await http().get(`${base}/matches`, as(api.stranger)), 404, 'not_found');
      expectProblem(await http().get(`${TOURNAMENTS}/not-a-uuid/matches`, as()), 404, 'not_found');
      expectProblem(await http().get(`${base}/standings`, as(api.stranger)), 404, 'not_found');
    });
  });

  describe('GET one match', () => {
    it('returns it with a strong ETag (304 on If-None-Match); other accounts, unknown and malformed ids are 404', async () => {
      const { base } = await aTournament('single_elimination', 4);
      const [match] = await allMatches(base);
      const response = await http().get(`${base}/matches/${match.id}`, as());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(match);
      expect(response.headers.etag).toBe('"v1"');
      expect((await http().get(`${base}/matches/${match.id}`, as(api.owner, { 'if-none-match': '"v1"' }))).statusCode).toBe(304);
      expectProblem(await http().get(`${base}/matches/${match.id}`, as(api.stranger)), 404, 'not_found');
      expectProblem(await http().get(`${base}/matches/${randomUUID()}`, as()), 404, 'not_found');
      expectProblem(await http().get(`${base}/matches/12345`, as()), 404, 'not_found');
      const other = await aTournament('single_elimination', 2);
      expectProblem(await http().get(`${other.base}/matches/${match.id}`, as()), 404, 'not_found');
    });
  });

  describe('PATCH a match (reporting)', () => {
    it('reports scores, moves the winner on at once, and answers the match with its new ETag', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      const [m1, m2, final] = await allMatches(base);
      const response = await report(base, m1, { scores: [3, 1] });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBe('"v2"');
      expect(response.json()).toMatchObject({
        status: 'completed',
        winner_id: byName('P1'),
        opponents: [
          { participant_id: byName('P1'), score: 3, result: 'win' },
          { participant_id: byName('P4'), score: 1, result: 'loss' },
        ],
        completed_at: expect.stringMatching(/Z$/),
        version: 2,
      });
      expect((await http().get(`${base}/matches/${final.id}`, as())).json()).toMatchObject({
        status: 'pending',
        opponents: [{ participant_id: byName('P1') }, { participant_id: null }],
      });
      await report(base, m2, { winner_id: byName('P3') });
      expect((await http().get(`${base}/matches/${final.id}`, as())).json()).toMatchObject({ status: 'ready', version: 3 });
    });

    it('refuses a pending match (409 match_not_ready), a draw without draws (422 draw_not_allowed) and bad bodies (422)', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      const [m1, , final] = await allMatches(base);
      expectProblem(await report(base, final, { scores: [1, 0] }), 409, 'match_not_ready');
      expect(expectProblem(await report(base, m1, { scores: [2, 2] }), 422, 'draw_not_allowed').errors).toEqual([{ pointer: '/scores', detail: expect.any(String) }]);
      expectProblem(await report(base, m1, { winner_id: byName('P2') }), 422, 'validation_failed');
      expectProblem(await report(base, m1, { scores: ['2', 1] }), 422, 'validation_failed');
      expectProblem(await report(base, m1, { scores: [1, 0], status: 'completed' }), 422, 'validation_failed');
      expectProblem(await report(base, m1, { ranks: [1, 2] }), 422, 'validation_failed');
      expectProblem(await report(base, m1, { scores: [1, 0] }, '?dry_run=maybe'), 400, 'invalid_parameter');
      expectProblem(await report(base, m1, { scores: [1, 0] }, '?force=true'), 400, 'invalid_parameter');
      for (const body of [{ scores: null }, { winner_id: null }, { scores: [1, 0], winner_id: null }]) {
        const field = Object.keys(body).find((key) => (body as Record<string, unknown>)[key] === null)!;
        expect(expectProblem(await report(base, m1, body), 422, 'validation_failed').errors).toEqual([{ pointer: `/${field}`, detail: expect.any(String) }]);
      }
      expect((await http().get(`${base}/matches/${m1.id}`, as())).json()).toEqual(m1);
      const ffa = await aTournament('free_for_all', 3);
      const [race] = await allMatches(ffa.base);
      for (const body of [{ ranks: null }, { ranks: [2, 1, 3], scores: null }]) expectProblem(await report(ffa.base, race, body), 422, 'validation_failed');
      expectProblem(await report(ffa.base, race, { ranks: [1, 1, 3] }), 422, 'draw_not_allowed');
      const ranked = await report(ffa.base, race, { ranks: [2, 1, 3] });
      expect(ranked.json()).toMatchObject({ status: 'completed', winner_id: ffa.byName('P2'), opponents: [{ rank: 2, result: 'loss' }, { rank: 1, result: 'win' }, { rank: 3 }] });
    });

    it('sets scheduled_at on any match, pending included, and honours If-Match (412 when stale)', async () => {
      const { base } = await aTournament('single_elimination', 4);
      const [m1, , final] = await allMatches(base);
      const scheduled = await report(base, final, { scheduled_at: '2026-05-01T20:00:00.000Z' }, '', { 'if-match': '"v1"' });
      expect(scheduled.json()).toMatchObject({ scheduled_at: '2026-05-01T20:00:00.000Z', status: 'pending', version: 2 });
      expectProblem(await report(base, final, { scheduled_at: null }, '', { 'if-match': '"v1"' }), 412, 'precondition_failed');
      expect((await report(base, final, { scheduled_at: null }, '', { 'if-match': '"v2"' })).json()).toMatchObject({ scheduled_at: null });
      expectProblem(await report(base, m1, { scores: [1, 0] }, '', { 'if-match': '"v7"' }), 412, 'precondition_failed');
    });

    it('refuses reports in another account’s tournament (404) and of a swiss bye (409 match_not_ready)', async () => {
      const { base } = await aTournament('swiss', 3);
      const matches = await allMatches(base);
      const bye = matches.find((match) => match.opponents.length === 1)!;
      expect(bye).toMatchObject({ status: 'completed', opponents: [{ result: 'win' }] });
      expectProblem(await report(base, bye, { scores: [1] }), 409, 'match_not_ready');
      expectProblem(await http().patch(`${base}/matches/${matches[0].id}`, { scores: [1, 0] }, as(api.stranger)), 404, 'not_found');
    });
  });

  describe('corrections', () => {
    async function semifinalsPlayed() {
      const t = await aTournament('single_elimination', 4);
      const [m1, m2, final] = await allMatches(t.base);
      await report(t.base, m1, { scores: [2, 0] }); // P1
      await report(t.base, m2, { scores: [2, 0] }); // P2
      return { ...t, m1, m2, final };
    }

    it('replaces the old winner downstream while the next match is unreported', async () => {
      const { base, byName, m1, final } = await semifinalsPlayed();
      expect((await report(base, m1, { scores: [0, 2] })).statusCode).toBe(200);
      expect((await http().get(`${base}/matches/${final.id}`, as())).json()).toMatchObject({
        status: 'ready',
        opponents: [{ participant_id: byName('P4') }, { participant_id: byName('P2') }],
      });
    });

    it('refuses once a dependent is reported (409 naming it), previews with dry_run, clears with reset_dependents', async () => {
      const { id, base, m1, final } = await semifinalsPlayed();
      await report(base, final, { scores: [1, 0] });
      expect((await tournamentOf(id)).status).toBe('completed');
      // A completed tournament: the final (nothing depends on it) is corrected in place; a semifinal needs reset_dependents (which reopens it).
      const refused = expectProblem(await report(base, m1, { scores: [0, 2] }), 409, 'dependent_matches_reported');
      expect(refused.dependent_matches).toEqual([{ id: final.id, number: 3 }]);
      const corrected = await report(base, final, { scores: [0, 1] });
      expect(corrected.statusCode).toBe(200);
      expect((await tournamentOf(id)).status).toBe('completed');
      const finalRanks = (await http().get(`${base}/participants?sort=seed`, as())).json() as { data: { name: string; final_rank: number }[] };
      expect(finalRanks.data.map((participant) => [participant.name, participant.final_rank])).toEqual([
        ['P1', 2],
        ['P2', 1],
        ['P3', 3],
        ['P4', 3],
      ]);

      // In progress: a bigger bracket whose first semifinal is reported.
      const big = await aTournament('single_elimination', 8);
      const matches = await allMatches(big.base);
      for (const match of matches.slice(0, 4)) await report(big.base, match, { scores: [1, 0] });
      const semi = (await allMatches(big.base, 'round=2'))[0];
      await report(big.base, semi, { scores: [1, 0] });
      const conflict = expectProblem(await report(big.base, matches[0], { scores: [0, 1] }), 409, 'dependent_matches_reported');
      expect(conflict.dependent_matches).toEqual([{ id: semi.id, number: semi.number }]);

      const before = await allMatches(big.base);
      const preview = await report(big.base, matches[0], { scores: [0, 1] }, '?dry_run=true');
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        dry_run: true,
        match: { id: matches[0].id, winner_id: big.byName('P8') },
        cleared_matches: [{ id: semi.id, number: semi.number }],
        tournament_completes: false,
      });
      expect((preview.json() as { standings: StandingJson[] }).standings).toHaveLength(8);
      expect(await allMatches(big.base)).toEqual(before);

      const reset = await report(big.base, matches[0], { scores: [0, 1] }, '?reset_dependents=true');
      expect(reset.statusCode).toBe(200);
      expect((await http().get(`${big.base}/matches/${semi.id}`, as())).json()).toMatchObject({
        status: 'ready',
        winner_id: null,
        opponents: [{ participant_id: big.byName('P8'), score: null, result: null }, { participant_id: big.byName('P4') }],
      });
      expect((await allMatches(big.base, 'round=3'))[0].opponents[0].participant_id).toBeNull();
    });
  });

  describe('double elimination grand final', () => {
    it('creates the reset match only when the losers’ bracket finalist wins the grand final', async () => {
      const { id, base, byName } = await aTournament('double_elimination', 4);
      const winsFor = async (a: string, b: string, winner: string) => {
        const match = (await allMatches(base, 'status=ready')).find((one) => named(one, byName, a, b))!;
        expect((await report(base, match, winBy(match, byName(winner)))).statusCode).toBe(200);
        return match;
      };
      await winsFor('P1', 'P4', 'P1');
      await winsFor('P2', 'P3', 'P2');
      await winsFor('P1', 'P2', 'P1');
      await winsFor('P4', 'P3', 'P3');
      const midway = ((await http().get(`${base}/standings`, as())).json() as { data: (StandingJson & { reached: string })[] }).data;
      expect(Object.fromEntries(midway.map((row) => [row.name, row.reached]))).toEqual({
        P1: 'grand final',
        P2: 'losers round 2',
        P3: 'losers round 2',
        P4: 'losers round 1',
      });
      await winsFor('P2', 'P3', 'P2');
      expect(await allMatches(base, 'bracket=grand_final')).toHaveLength(1);
      await winsFor('P1', 'P2', 'P2');
      const finals = await allMatches(base, 'bracket=grand_final');
      expect(finals.map((match) => [match.round, match.status])).toEqual([
        [1, 'completed'],
        [2, 'ready'],
      ]);
      expect(finals[0]).toMatchObject({ next_match_id: finals[1].id, loser_next_match_id: finals[1].id });
      expect((await tournamentOf(id)).status).toBe('in_progress');
      await winsFor('P1', 'P2', 'P2');
      expect((await tournamentOf(id)).status).toBe('completed');
      const standings = ((await http().get(`${base}/standings`, as())).json() as { data: StandingJson[] }).data;
      expect(standings.map((row) => [row.name, row.rank])).toEqual([
        ['P2', 1],
        ['P1', 2],
        ['P3', 3],
        ['P4', 4],
      ]);
    });
  });

  describe('completion', () => {
    it('completes by itself with the last result; PATCH to completed with open matches is 409 matches_pending', async () => {
      const { id, base } = await aTournament('round_robin', 3);
      expectProblem(await http().patch(base, { status: 'completed' }, as()), 409, 'matches_pending');
      const matches = await allMatches(base);
      for (const match of matches) await report(base, match, { scores: [1, 1] });
      const tournament = await tournamentOf(id);
      expect(tournament).toMatchObject({ status: 'completed', completed_at: expect.stringMatching(/Z$/) });
      const participants = (await http().get(`${base}/participants`, as())).json() as { data: { final_rank: number }[] };
      expect(participants.data.map((participant) => participant.final_rank)).toEqual([1, 2, 3]);
    });

    it('keeps a cancelled tournament’s matches readable but refuses reports (409 match_not_ready)', async () => {
      const { base } = await aTournament('single_elimination', 4);
      expect((await http().patch(base, { status: 'cancelled' }, as())).statusCode).toBe(200);
      const matches = await allMatches(base);
      expect(matches).toHaveLength(3);
      expectProblem(await report(base, matches[0], { scores: [1, 0] }), 409, 'match_not_ready');
      expect((await http().get(`${base}/standings`, as())).statusCode).toBe(200);
      expect((await http().delete(base, as())).statusCode).toBe(204);
      expectProblem(await http().get(`${base}/matches`, as()), 404, 'not_found');
    });

    it('keeps the old behaviour for a tournament started before matches existed', async () => {
      const { id, base } = await aTournament('single_elimination', 0, { start: false });
      await api.testApp.app
        .get(EntityManager)
        .fork()
        .execute(`update tournaments set status = 'in_progress', started_at = now() where id = ?`, [id]);
      expect(await allMatches(base)).toEqual([]);
      expect((await http().patch(base, { status: 'completed' }, as())).statusCode).toBe(200);
    });
  });

  describe('concurrency', () => {
    it('three concurrent starts: all succeed, and the matches are generated once', async () => {
      const { id, base } = await aTournament('single_elimination', 8, { start: false });
      const responses = await Promise.all([1, 2, 3].map(() => http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const matches = await allMatches(base);
      expect(matches).toHaveLength(7);
      expect(new Set(matches.map((match) => match.number)).size).toBe(7);
    });

    it('takes the winner_id in any letter case, like every other id', async () => {
      const { base } = await aTournament('single_elimination', 2);
      const [final] = await allMatches(base);
      const winner = final.opponents[1].participant_id!;
      expect((await report(base, final, { winner_id: winner.toUpperCase() })).json()).toMatchObject({ status: 'completed', winner_id: winner });
    });

    it('two reports of one match with the same If-Match: exactly one wins, the other is 412', async () => {
      const { base } = await aTournament('single_elimination', 4);
      const [m1] = await allMatches(base);
      const responses = await Promise.all([
        report(base, m1, { scores: [1, 0] }, '', { 'if-match': '"v1"' }),
        report(base, m1, { scores: [0, 1] }, '', { 'if-match': '"v1"' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 412]);
      expect((await http().get(`${base}/matches/${m1.id}`, as())).json()).toMatchObject({ version: 2 });
    });

    it('two reports of different matches feeding the same next match both land', async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const { base, byName } = await aTournament('single_elimination', 4);
        const [m1, m2, final] = await allMatches(base);
        const responses = await Promise.all([report(base, m1, { scores: [1, 0] }), report(base, m2, { scores: [0, 1] })]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
        expect((await http().get(`${base}/matches/${final.id}`, as())).json()).toMatchObject({
          status: 'ready',
          opponents: [{ participant_id: byName('P1') }, { participant_id: byName('P3') }],
          version: 3,
        });
      }
    });
  });

  describe('standings', () => {
    it('ranks a round robin with points 3/1/0 and shows each tiebreaker with its value', async () => {
      const { base, byName } = await aTournament('round_robin', 3);
      const matches = await allMatches(base);
      const play = async (a: string, b: string, scores: [number, number]) => {
        const match = matches.find((one) => named(one, byName, a, b))!;
        const ordered = match.opponents[0].participant_id === byName(a) ? scores : [scores[1], scores[0]];
        expect((await report(base, match, { scores: ordered })).statusCode).toBe(200);
      };
      await play('P1', 'P2', [0, 1]);
      await play('P1', 'P3', [4, 0]);
      await play('P2', 'P3', [0, 1]);
      const standings = (await http().get(`${base}/standings`, as())).json() as { data: StandingJson[] };
      expect(standings.data).toEqual([
        {
          rank: 1,
          participant_id: byName('P1'),
          name: 'P1',
          status: 'active',
          played: 2,
          wins: 1,
          draws: 0,
          losses: 1,
          points: 3,
          score_for: 4,
          score_against: 1,
          games_won: null,
          games_lost: null,
          tiebreakers: [
            { name: 'head_to_head_points', value: 3 },
            { name: 'score_difference', value: 3 },
            { name: 'score_for', value: 4 },
            { name: 'seed', value: 1 },
          ],
          reached: null,
        },
        expect.objectContaining({ rank: 2, name: 'P2', points: 3, tiebreakers: expect.arrayContaining([{ name: 'score_difference', value: 0 }]) }),
        expect.objectContaining({ rank: 3, name: 'P3', points: 3, tiebreakers: expect.arrayContaining([{ name: 'score_difference', value: -3 }]) }),
      ]);
    });
  });

  describe('single elimination third-place match', () => {
    it('is a setting of single elimination only; the semi-final losers play it and take final ranks 3 and 4', async () => {
      const wrongFormat = await http().post(TOURNAMENTS, { name: `Swiss ${randomUUID()}`, format: 'swiss', third_place_match: true }, as());
      expect(expectProblem(wrongFormat, 422, 'validation_failed').errors).toEqual([{ pointer: '/third_place_match', detail: expect.any(String) }]);
      const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination', third_place_match: true }, as());
      expect(created.json()).toMatchObject({ third_place_match: true });
      const { id } = created.json() as { id: string };
      const base = `${TOURNAMENTS}/${id}`;
      const batch = ['P1', 'P2', 'P3', 'P4'].map((name, index) => ({ name, seed: index + 1 }));
      const participants = ((await http().post(`${base}/participants/bulk`, { participants: batch }, as())).json() as { data: { id: string; name: string }[] }).data;
      const byName = (name: string) => participants.find((participant) => participant.name === name)!.id;
      expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
      expectProblem(await http().patch(base, { third_place_match: false }, as()), 409, 'field_locked');

      for (const match of await allMatches(base, 'round=1')) {
        const winner = match.opponents.map((o) => o.participant_id!).find((id) => id === byName('P1') || id === byName('P2'))!;
        expect((await report(base, match, winBy(match, winner))).statusCode).toBe(200);
      }
      const [thirdPlace, final] = await allMatches(base, 'round=2');
      expect(thirdPlace).toMatchObject({ bracket: 'third_place', status: 'ready' });
      expect(named(thirdPlace, byName, 'P3', 'P4')).toBe(true);
      expect(final).toMatchObject({ bracket: 'main', number: thirdPlace.number + 1 });
      expect((await allMatches(base, 'bracket=third_place')).map((match) => match.id)).toEqual([thirdPlace.id]);
      expect((await report(base, final, winBy(final, byName('P2')))).statusCode).toBe(200);
      expect((await tournamentOf(id)).status).toBe('in_progress');
      expect((await report(base, thirdPlace, winBy(thirdPlace, byName('P4')))).statusCode).toBe(200);
      expect((await tournamentOf(id)).status).toBe('completed');
      const ranks = ((await http().get(`${base}/participants`, as())).json() as { data: { name: string; final_rank: number }[] }).data;
      expect(Object.fromEntries(ranks.map((row) => [row.name, row.final_rank]))).toEqual({ P2: 1, P1: 2, P4: 3, P3: 4 });
    });
  });

  describe('a whole tournament of each format through HTTP', () => {
    it.each([
      ['single_elimination', 13],
      ['double_elimination', 9],
      ['round_robin', 6],
      ['swiss', 11],
      ['free_for_all', 6],
    ])('%s with %i participants plays to completion, and final ranks match the standings', async (format, count) => {
      const { id, base } = await aTournament(format, count, format === 'free_for_all' ? { rounds: 2 } : {});
      let reports = 0;
      for (;;) {
        const ready = await allMatches(base, 'status=ready');
        if (ready.length === 0) break;
        for (const match of ready) {
          const body =
            format === 'free_for_all'
              ? { ranks: match.opponents.map((_, index) => ((index + reports) % match.opponents.length) + 1) }
              : winBy(match, match.opponents[(reports + match.number) % 2].participant_id!);
          expect((await report(base, match, body, '', { 'if-match': `"v${match.version}"` })).statusCode).toBe(200);
          reports++;
        }
      }
      expect((await tournamentOf(id)).status).toBe('completed');
      expect((await allMatches(base, 'status=pending,ready'))).toEqual([]);
      const standings = ((await http().get(`${base}/standings`, as())).json() as { data: StandingJson[] }).data;
      const participants = ((await http().get(`${base}/participants?limit=100`, as())).json() as { data: { id: string; final_rank: number }[] }).data;
      const finalRanks = new Map(participants.map((participant) => [participant.id, participant.final_rank]));
      expect(standings.map((row) => row.rank)).toEqual(standings.map((row) => finalRanks.get(row.participant_id)));
      expect(standings[0].rank).toBe(1);
    });
  });
});
