import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  round: number;
  bracket: string;
  status: string;
  outcome: string | null;
  opponents: { participant_id: string | null; score: number | null; rank: number | null; result: string | null }[];
  winner_id: string | null;
}

/** Issue 32 through the API: withdrawals and disqualifications, check-in, and corrections that reopen a completed tournament. */
describe('the organiser’s day: withdrawals, check-in, reopening corrections', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  async function aTournament(format: string, count: number, fields: object = {}, start = true) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, ...fields }, as());
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const batch = Array.from({ length: count }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    const response = await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: batch }, as());
    expect(response.statusCode).toBe(201);
    const participants = (response.json() as { data: { id: string; name: string }[] }).data;
    if (start) expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const byName = (name: string) => participants.find((participant) => participant.name === name)!.id;
    return { id, base: `${TOURNAMENTS}/${id}`, participants, byName };
  }

  async function matches(base: string): Promise<MatchJson[]> {
    const response = await http().get(`${base}/matches?limit=100`, as());
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: MatchJson[] }).data;
  }

  const winBy = (match: MatchJson, winner: string) => ({ scores: match.opponents[0].participant_id === winner ? [2, 1] : [1, 2] });
  const withdraw = (base: string, participantId: string, body: object = { reason: 'withdrawn' }) =>
    http().post(`${base}/participants/${participantId}/withdraw`, body, as());

  describe('withdrawing and disqualifying', () => {
    it('forfeits a single-elimination match: the opponent advances, shown as a forfeit with no scores; standings mark them', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      const response = await withdraw(base, byName('P1'), { reason: 'disqualified', note: 'no-show' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.participant).toMatchObject({ status: 'disqualified', withdrawal: { reason: 'disqualified', note: 'no-show', void_results: false } });
      expect(response.headers.etag).toBe(`"v${body.participant.version}"`);
      const [first, , final] = await matches(base);
      expect(first).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: byName('P4') });
      expect(first.opponents.map((opponent) => opponent.score)).toEqual([null, null]);
      expect(final.opponents[0].participant_id).toBe(byName('P4'));
      expect(body.changed_matches.map((match: MatchJson) => match.number).sort()).toEqual([1, 3]);

      const standings = (await http().get(`${base}/standings`, as())).json().data as { participant_id: string; status: string }[];
      expect(standings.find((row) => row.participant_id === byName('P1'))!.status).toBe('disqualified');
      expect(standings.find((row) => row.participant_id === byName('P2'))!.status).toBe('active');
      expect((await http().get(`${base}/participants/${byName('P1')}`, as())).json()).toMatchObject({ status: 'disqualified' });
    });

    it('refuses withdrawing twice (409 participant_withdrawn) and options the format does not take (422)', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      expectProblem(await withdraw(base, byName('P2'), { reason: 'withdrawn', void_results: true }), 422, 'validation_failed');
      expectProblem(await withdraw(base, byName('P2'), { reason: 'withdrawn', forfeit_score: [3, 0] }), 422, 'validation_failed');
      expectProblem(await withdraw(base, byName('P2'), { reason: 'left' }), 422, 'validation_failed');
      expect((await withdraw(base, byName('P2'))).statusCode).toBe(200);
      const problem = expectProblem(await withdraw(base, byName('P2')), 409, 'participant_withdrawn');
      expect(problem.participant_status).toBe('withdrawn');
    });

    it('is a plain removal before the start (204), and refused once the tournament is completed', async () => {
      const { base, byName, id } = await aTournament('single_elimination', 3, {}, false);
      expect((await withdraw(base, byName('P3'))).statusCode).toBe(204);
      expect((await http().get(`${base}/participants/${byName('P3')}`, as())).statusCode).toBe(404);
      expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
      const [final] = await matches(base);
      expect((await http().patch(`${base}/matches/${final.id}`, winBy(final, byName('P1')), as())).statusCode).toBe(200);
      expectProblem(await withdraw(base, byName('P2')), 409, 'tournament_not_running');
    });

    it('forfeits the remaining round-robin matches with the forfeit score, and voids a disqualified player’s results on request', async () => {
      const { base, byName } = await aTournament('round_robin', 4);
      const all = await matches(base);
      const played = all.find((match) => match.opponents.some((opponent) => opponent.participant_id === byName('P1')))!;
      expect((await http().patch(`${base}/matches/${played.id}`, winBy(played, byName('P1')), as())).statusCode).toBe(200);
      expect((await withdraw(base, byName('P1'), { reason: 'withdrawn', forfeit_score: [3, 0] })).statusCode).toBe(200);
      const after = (await matches(base)).filter((match) => match.opponents.some((opponent) => opponent.participant_id === byName('P1')));
      expect(after.map((match) => match.outcome).sort()).toEqual(['forfeit', 'forfeit', 'played']);
      const forfeit = after.find((match) => match.outcome === 'forfeit')!;
      expect(forfeit.opponents.find((opponent) => opponent.participant_id === byName('P1'))).toMatchObject({ score: 0, result: 'loss' });

      const p2 = await withdraw(base, byName('P2'), { reason: 'disqualified', void_results: true });
      expect(p2.statusCode).toBe(200);
      const ofP2 = (await matches(base)).filter((match) => match.opponents.some((opponent) => opponent.participant_id === byName('P2')));
      expect(ofP2.map((match) => match.outcome)).toEqual(['void', 'void', 'void']);
    });

    it('stops pairing a swiss player from the next round, and takes the withdrawal back while nothing depends on it', async () => {
      const { base, byName } = await aTournament('swiss', 4, { rounds: 3 });
      const [first, second] = await matches(base);
      expect((await http().patch(`${base}/matches/${first.id}`, winBy(first, byName('P1')), as())).statusCode).toBe(200);
      const leaving = second.opponents[0].participant_id!;
      const withdrawn = await withdraw(base, leaving);
      expect(withdrawn.statusCode).toBe(200);
      const round2 = (await matches(base)).filter((match) => match.round === 2);
      expect(round2.length).toBe(2);
      expect(round2.flatMap((match) => match.opponents.map((opponent) => opponent.participant_id))).not.toContain(leaving);

      const back = await http().post(`${base}/participants/${leaving}/reinstate`, {}, as());
      expect(back.statusCode).toBe(200);
      expect(back.json().participant).toMatchObject({ status: 'active', withdrawal: null });
      expect(back.json().deleted_matches).toHaveLength(2);
      const now = await matches(base);
      expect(now.filter((match) => match.round === 2)).toEqual([]);
      expect(now.find((match) => match.id === second.id)).toMatchObject({ status: 'ready', outcome: null });
      expectProblem(await http().post(`${base}/participants/${leaving}/reinstate`, {}, as()), 409, 'participant_not_withdrawn');
    });

    it('refuses to take a withdrawal back once a dependent match is reported', async () => {
      const { base, byName } = await aTournament('single_elimination', 8);
      expect((await withdraw(base, byName('P1'))).statusCode).toBe(200); // P8 goes on from match 1
      const second = (await matches(base))[1];
      expect((await http().patch(`${base}/matches/${second.id}`, winBy(second, byName('P4')), as())).statusCode).toBe(200);
      const semi = (await matches(base))[4];
      expect((await http().patch(`${base}/matches/${semi.id}`, winBy(semi, byName('P8')), as())).statusCode).toBe(200);
      const problem = expectProblem(await http().post(`${base}/participants/${byName('P1')}/reinstate`, {}, as()), 409, 'dependent_matches_reported');
      expect(problem.dependent_matches).toEqual([{ id: semi.id, number: 5 }]);
    });

    it('plays a double elimination to its end around a withdrawn player, who never reappears in an open match', async () => {
      const { base, byName, id } = await aTournament('double_elimination', 4);
      expect((await withdraw(base, byName('P1'))).statusCode).toBe(200);
      for (let guard = 0; guard < 10; guard++) {
        const open = (await matches(base)).filter((match) => match.status !== 'completed');
        for (const match of open) expect(match.opponents.map((opponent) => opponent.participant_id)).not.toContain(byName('P1'));
        const ready = open.find((match) => match.status === 'ready');
        if (!ready) break;
        expect((await http().patch(`${base}/matches/${ready.id}`, { scores: [2, 1] }, as())).statusCode).toBe(200);
      }
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'completed' });
      const p1 = (await http().get(`${base}/participants/${byName('P1')}`, as())).json();
      expect(p1).toMatchObject({ status: 'withdrawn', final_rank: expect.any(Number) });
    });

    it('ranks a free-for-all player who left last in the rounds reported afterwards', async () => {
      const { base, byName } = await aTournament('free_for_all', 3, { rounds: 2 });
      const [first, second] = await matches(base);
      expect((await http().patch(`${base}/matches/${first.id}`, { ranks: [1, 2, 3] }, as())).statusCode).toBe(200);
      expect((await withdraw(base, byName('P1'))).statusCode).toBe(200);
      expectProblem(await http().patch(`${base}/matches/${second.id}`, { ranks: [1, 2, 3] }, as()), 422, 'validation_failed');
      const reported = await http().patch(`${base}/matches/${second.id}`, { ranks: [2, 1] }, as());
      expect(reported.statusCode).toBe(200);
      const ranks = Object.fromEntries((reported.json() as MatchJson).opponents.map((opponent) => [opponent.participant_id, opponent.rank]));
      expect(ranks).toEqual({ [byName('P1')]: 3, [byName('P2')]: 2, [byName('P3')]: 1 });
    });

    it('honours Idempotency-Key: a retried withdrawal replays the first answer instead of 409', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      const headers = { 'idempotency-key': `withdraw-${randomUUID()}` };
      const url = `${base}/participants/${byName('P3')}/withdraw`;
      const first = await http().post(url, { reason: 'withdrawn' }, { ...as(), headers });
      expect(first.statusCode).toBe(200);
      const retry = await http().post(url, { reason: 'withdrawn' }, { ...as(), headers });
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers.etag).toBe(first.headers.etag);
      expectProblem(await http().post(url, { reason: 'disqualified' }, { ...as(), headers }), 422, 'idempotency_key_reused');
    });

    it('is 404 for another account, and for an unknown participant', async () => {
      const { base, byName } = await aTournament('single_elimination', 4);
      expectProblem(await http().post(`${base}/participants/${byName('P1')}/withdraw`, { reason: 'withdrawn' }, as(api.stranger)), 404, 'not_found');
      expectProblem(await withdraw(base, randomUUID()), 404, 'not_found');
    });
  });

  describe('brackets that stay consistent through withdrawals (issue 45)', () => {
    interface RowJson {
      rank: number;
      participant_id: string;
      reached: string | null;
      tiebreakers: { name: string; value: number | boolean }[];
    }

    const standings = async (base: string) => (await http().get(`${base}/standings`, as())).json().data as RowJson[];
    const finalRank = async (base: string, participantId: string) => (await http().get(`${base}/participants/${participantId}`, as())).json().final_rank as number | null;

    it('a forfeit winner who then leaves a ready final: their forfeit win stands, they reached the final and forfeit it (rank 2)', async () => {
      const { base, id, byName } = await aTournament('single_elimination', 4);
      expect((await withdraw(base, byName('P3'))).statusCode).toBe(200); // match 2: P2 v P3, P2's forfeit win
      const [one] = await matches(base);
      expect((await http().patch(`${base}/matches/${one.id}`, winBy(one, byName('P1')), as())).statusCode).toBe(200);
      expect((await matches(base))[2]).toMatchObject({ status: 'ready' });

      const leaving = await withdraw(base, byName('P2'));
      expect(leaving.statusCode).toBe(200);
      expect(leaving.json()).toMatchObject({ tournament_completed: true });
      const [, two, final] = await matches(base);
      expect(two).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: byName('P2') });
      expect(final).toMatchObject({ status: 'completed', outcome: 'forfeit', winner_id: byName('P1') });
      expect(final.opponents.map((opponent) => opponent.participant_id)).toEqual([byName('P1'), byName('P2')]);
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'completed' });

      const table = await standings(base);
      expect(table.find((row) => row.participant_id === byName('P2'))).toMatchObject({ rank: 2, reached: 'final' });
      expect(await finalRank(base, byName('P1'))).toBe(1);
      expect(await finalRank(base, byName('P2'))).toBe(2);
      expect(await finalRank(base, byName('P3'))).toBe(3);
      expect(await finalRank(base, byName('P4'))).toBe(3);
    });

    it.each([
      ['single_elimination', 'round 1'],
      ['double_elimination', 'winners round 1'],
    ])('%s of 6: a bye holder who leaves at the start is out in round 1, not still in, and shares its rank', async (format, words) => {
      const { base, id, byName } = await aTournament(format, 6);
      expect((await withdraw(base, byName('P1'))).statusCode).toBe(200); // P1 had a bye into round 2
      for (let guard = 0; guard < 20; guard++) {
        const ready = (await matches(base)).find((match) => match.status === 'ready');
        if (!ready) break;
        expect((await http().patch(`${base}/matches/${ready.id}`, { scores: [2, 1] }, as())).statusCode).toBe(200); // the first opponent wins
      }
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'completed' });

      const table = await standings(base);
      const p1 = table.find((row) => row.participant_id === byName('P1'))!;
      expect(p1).toMatchObject({ reached: words });
      expect(p1.tiebreakers.filter((tiebreaker) => ['in_contention', 'stage_reached', 'still_in'].includes(tiebreaker.name))).toEqual([
        { name: 'in_contention', value: false },
        { name: 'stage_reached', value: 1 },
        { name: 'still_in', value: false },
      ]);
      expect(await finalRank(base, byName('P1'))).toBe(p1.rank);
      for (const row of table.filter((one) => one.participant_id !== byName('P1'))) {
        expect(row.tiebreakers.find((tiebreaker) => tiebreaker.name === 'stage_reached')!.value).toBeGreaterThanOrEqual(1);
      }
      if (format === 'single_elimination') {
        // Round 1: P4 beat P5 and P3 beat P6; P1 shares their losers' rank.
        const sharing = table.filter((row) => row.rank === p1.rank).map((row) => row.participant_id);
        expect(sharing.sort()).toEqual([byName('P1'), byName('P5'), byName('P6')].sort());
        expect(p1.rank).toBe(4);
      } else {
        // The round-1 losers play on in the losers' bracket; nobody else forfeited winners' round 1.
        expect(p1.rank).toBe(6);
        expect(table.filter((row) => row.rank === 6)).toHaveLength(1);
      }
    });
  });

  describe('check-in', () => {
    const hour = 3_600_000;

    it('is refused outside its window, and a start with check-in required leaves out who did not check in', async () => {
      const opens = new Date(Date.now() - hour).toISOString();
      const closes = new Date(Date.now() + hour).toISOString();
      const later = await aTournament('single_elimination', 2, { check_in_opens_at: new Date(Date.now() + hour).toISOString() }, false);
      const refused = expectProblem(await http().post(`${later.base}/participants/${later.byName('P1')}/check-in`, {}, as()), 409, 'check_in_closed');
      expect(refused.check_in_opens_at).toEqual(expect.any(String));

      const { id, base, byName } = await aTournament('single_elimination', 4, { check_in_required: true, check_in_opens_at: opens, check_in_closes_at: closes }, false);
      expect((await http().get(base, as())).json()).toMatchObject({ check_in_required: true, check_in_opens_at: opens, check_in_closes_at: closes });
      for (const name of ['P1', 'P2', 'P3']) {
        const checkedIn = await http().post(`${base}/participants/${byName(name)}/check-in`, {}, as());
        expect(checkedIn.statusCode).toBe(200);
        expect(checkedIn.json().checked_in_at).toEqual(expect.any(String));
      }
      // No body is needed (the content type alone, as clients send it on every request).
      const out = await http().post(`${base}/participants/${byName('P3')}/check-out`, undefined, as());
      expect(out.statusCode).toBe(200);
      expect(out.json().checked_in_at).toBeNull();

      const started = await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as());
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({ status: 'in_progress', participant_count: 2 });
      expect(started.json().dropped_participants.map((dropped: { name: string }) => dropped.name).sort()).toEqual(['P3', 'P4']);
      const [final] = await matches(base);
      expect(final.opponents.map((opponent) => opponent.participant_id).sort()).toEqual([byName('P1'), byName('P2')].sort());
      expectProblem(await http().post(`${base}/participants/${byName('P1')}/check-out`, {}, as()), 409, 'check_in_closed');
    });

    it('refuses a start with fewer than 2 checked in (409 not_enough_participants naming the check-in)', async () => {
      const { id, base, byName } = await aTournament('round_robin', 3, { check_in_required: true }, false);
      expect((await http().post(`${base}/participants/${byName('P1')}/check-in`, {}, as())).statusCode).toBe(200);
      const problem = expectProblem(await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as()), 409, 'not_enough_participants');
      expect(problem).toMatchObject({ check_in_required: true, participant_count: 1, registered_count: 3 });
      expect(problem.detail).toMatch(/check-in/i);
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'draft', participant_count: 3 });
    });

    it('refuses a window that closes before it opens (422)', async () => {
      const response = await http().post(
        TOURNAMENTS,
        { name: 'Window', format: 'swiss', check_in_opens_at: '2026-05-02T10:00:00.000Z', check_in_closes_at: '2026-05-01T10:00:00.000Z' },
        as(),
      );
      expect(expectProblem(response, 422, 'validation_failed').errors).toEqual([{ pointer: '/check_in_closes_at', detail: expect.any(String) }]);
    });
  });

  describe('corrections after the end', () => {
    async function completedBracket(fields: object = {}) {
      const t = await aTournament('single_elimination', 4, fields);
      const [one, two] = await matches(t.base);
      await http().patch(`${t.base}/matches/${one.id}`, winBy(one, t.byName('P1')), as());
      await http().patch(`${t.base}/matches/${two.id}`, winBy(two, t.byName('P2')), as());
      const final = (await matches(t.base))[2];
      await http().patch(`${t.base}/matches/${final.id}`, winBy(final, t.byName('P1')), as());
      expect((await http().get(t.base, as())).json()).toMatchObject({ status: 'completed' });
      return { ...t, one };
    }

    it('reopens a completed tournament with reset_dependents (previewed by dry_run), and completes it again', async () => {
      const { base, byName, one } = await completedBracket();
      const correction = winBy(one, byName('P4'));
      expectProblem(await http().patch(`${base}/matches/${one.id}`, correction, as()), 409, 'dependent_matches_reported');

      const preview = await http().patch(`${base}/matches/${one.id}?dry_run=true`, correction, as());
      expect(preview.json()).toMatchObject({ dry_run: true, tournament_completes: false, tournament_reopens: true });
      expect((await http().get(base, as())).json()).toMatchObject({ status: 'completed' });

      expect((await http().patch(`${base}/matches/${one.id}?reset_dependents=true`, correction, as())).statusCode).toBe(200);
      expect((await http().get(base, as())).json()).toMatchObject({ status: 'in_progress', completed_at: null });
      const p1 = (await http().get(`${base}/participants/${byName('P1')}`, as())).json();
      expect(p1.final_rank).toBeNull();

      const final = (await matches(base))[2];
      expect(final.status).toBe('ready');
      expect((await http().patch(`${base}/matches/${final.id}`, winBy(final, byName('P4')), as())).statusCode).toBe(200);
      expect((await http().get(base, as())).json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
      expect((await http().get(`${base}/participants/${byName('P4')}`, as())).json().final_rank).toBe(1);
      expect((await http().get(`${base}/participants/${byName('P1')}`, as())).json().final_rank).toBe(3);
    });

    it('reopens a completed double elimination for a grand final corrected to need the reset', async () => {
      const { base, id } = await aTournament('double_elimination', 4);
      for (let guard = 0; guard < 10; guard++) {
        const ready = (await matches(base)).find((match) => match.status === 'ready');
        if (!ready) break;
        expect((await http().patch(`${base}/matches/${ready.id}`, { scores: [2, 1] }, as())).statusCode).toBe(200); // the first opponent wins
      }
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'completed' });
      const grandFinal = (await matches(base)).find((match) => match.bracket === 'grand_final')!;
      const flipped = { scores: [1, 2] }; // the losers' champion wins after all: a reset is needed
      expectProblem(await http().patch(`${base}/matches/${grandFinal.id}`, flipped, as()), 409, 'tournament_completed');
      const preview = (await http().patch(`${base}/matches/${grandFinal.id}?dry_run=true`, flipped, as())).json();
      expect(preview).toMatchObject({ tournament_reopens: true, created_matches: [{ bracket: 'grand_final', round: 2, status: 'ready' }] });
      expect((await http().patch(`${base}/matches/${grandFinal.id}?reset_dependents=true`, flipped, as())).statusCode).toBe(200);
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'in_progress', completed_at: null });
      const reset = (await matches(base)).find((match) => match.bracket === 'grand_final' && match.round === 2)!;
      expect((await http().patch(`${base}/matches/${reset.id}`, { scores: [3, 0] }, as())).statusCode).toBe(200);
      expect((await http().get(`${TOURNAMENTS}/${id}`, as())).json()).toMatchObject({ status: 'completed' });
    });

    it('leaves a tournament of a completed league as it is (409 league_closed)', async () => {
      const league = await http().post('/api/v1/leagues', { name: `League ${randomUUID()}`, status: 'active' }, as());
      const leagueId = league.json().id as string;
      const { base, byName, one } = await completedBracket({ league_id: leagueId });
      expect((await http().patch(`/api/v1/leagues/${leagueId}`, { status: 'completed' }, as())).statusCode).toBe(200);
      expectProblem(await http().patch(`${base}/matches/${one.id}?dry_run=true`, winBy(one, byName('P4')), as()), 409, 'league_closed');
      expectProblem(await http().patch(`${base}/matches/${one.id}?reset_dependents=true`, winBy(one, byName('P4')), as()), 409, 'league_closed');
      expect((await http().get(base, as())).json()).toMatchObject({ status: 'completed' });
    });
  });
});
