import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

describe('the tournament–league relation', () => {
  const api = setUpApiTest();

  const http = () => api.testApp.http;
  async function league(account = api.owner, body: object = {}): Promise<string> {
    const response = await http().post('/api/v1/leagues', { name: 'City League', status: 'active', ...body }, { token: account.token });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const createTournament = (leagueId: string | null, account = api.owner) =>
    http().post('/api/v1/tournaments', { name: 'Round 1', format: 'round_robin', league_id: leagueId }, { token: account.token });
  const tournamentCount = async (leagueId: string) =>
    (await http().get(`/api/v1/leagues/${leagueId}`, { token: api.owner.token })).json().tournament_count as number;

  it('attaches a tournament to an open league and counts it', async () => {
    const leagueId = await league();
    const response = await createTournament(leagueId);
    expect(response.statusCode).toBe(201);
    expect(response.json().league_id).toBe(leagueId);
    expect(await tournamentCount(leagueId)).toBe(1);
  });

  it('refuses a league that does not exist or belongs to another account with 422 on /league_id', async () => {
    const theirs = await league(api.stranger);
    for (const leagueId of [randomUUID(), theirs]) {
      const problem = expectProblem(await createTournament(leagueId), 422, 'validation_failed');
      expect(problem.errors).toEqual([{ pointer: '/league_id', detail: expect.any(String) }]);
    }
    const { id } = (await createTournament(null)).json();
    const problem = expectProblem(await http().patch(`/api/v1/tournaments/${id}`, { league_id: theirs }, { token: api.owner.token }), 422, 'validation_failed');
    expect(problem.errors).toEqual([{ pointer: '/league_id', detail: expect.any(String) }]);
  });

  it('refuses a completed or archived league with 409 league_closed', async () => {
    const leagueId = await league();
    await http().patch(`/api/v1/leagues/${leagueId}`, { status: 'completed' }, { token: api.owner.token });
    expectProblem(await createTournament(leagueId), 409, 'league_closed');
    await http().patch(`/api/v1/leagues/${leagueId}`, { status: 'archived' }, { token: api.owner.token });
    const { id } = (await createTournament(null)).json();
    expectProblem(await http().patch(`/api/v1/tournaments/${id}`, { league_id: leagueId }, { token: api.owner.token }), 409, 'league_closed');
  });

  it('changes the league ETag when its tournament_count changes, so a cached copy is not revalidated as fresh', async () => {
    const leagueId = await league();
    const before = await http().get(`/api/v1/leagues/${leagueId}`, { token: api.owner.token });
    await createTournament(leagueId);
    const after = await http().get(`/api/v1/leagues/${leagueId}`, { token: api.owner.token, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().tournament_count).toBe(1);
    // If-Match compares whole tags strongly (RFC 9110): the copy read before the count changed is stale.
    const stale = await http().patch(`/api/v1/leagues/${leagueId}`, { season: '2026' }, { token: api.owner.token, headers: { 'if-match': before.headers.etag as string } });
    expect(stale.statusCode).toBe(412);
    const patched = await http().patch(`/api/v1/leagues/${leagueId}`, { season: '2026' }, { token: api.owner.token, headers: { 'if-match': after.headers.etag as string } });
    expect(patched.statusCode).toBe(200);
  });

  it("lists a league's tournaments with ?league_id=", async () => {
    const leagueId = await league();
    const inLeague = [(await createTournament(leagueId)).json().id, (await createTournament(leagueId)).json().id];
    await createTournament(null);
    const listed = (await http().get(`/api/v1/tournaments?league_id=${leagueId}`, { token: api.owner.token })).json().data as { id: string }[];
    expect(listed.map((t) => t.id).sort()).toEqual(inLeague.sort());
  });

  it('refuses to delete a league that still has tournaments, deleting nothing; detaching frees it', async () => {
    const leagueId = await league();
    const { id } = (await createTournament(leagueId)).json();
    expectProblem(await http().delete(`/api/v1/leagues/${leagueId}`, { token: api.owner.token }), 409, 'league_not_empty');
    expect((await http().get(`/api/v1/tournaments/${id}`, { token: api.owner.token })).json().league_id).toBe(leagueId);
    expect((await http().patch(`/api/v1/tournaments/${id}`, { league_id: null }, { token: api.owner.token })).statusCode).toBe(200);
    expect(await tournamentCount(leagueId)).toBe(0);
    expect((await http().delete(`/api/v1/leagues/${leagueId}`, { token: api.owner.token })).statusCode).toBe(204);
  });

  it('never leaves a tournament pointing at a deleted league when attach and delete race', async () => {
    const em = api.testApp.app.get(EntityManager).fork();
    for (let round = 0; round < 12; round++) {
      const leagueId = await league();
      const { id } = (await createTournament(null)).json();
      const [attach, remove] = await Promise.all([
        round % 2 === 0
          ? http().patch(`/api/v1/tournaments/${id}`, { league_id: leagueId }, { token: api.owner.token })
          : createTournament(leagueId),
        http().delete(`/api/v1/leagues/${leagueId}`, { token: api.owner.token }),
      ]);
      const attached = attach.statusCode === 200 || attach.statusCode === 201;
      // Exactly one of the two wins: attached and the league kept (409), or deleted and the attach refused (422).
      expect({ attached, deleted: remove.statusCode === 204 }).toEqual(attached ? { attached, deleted: false } : { attached, deleted: true });
      if (!attached) expect(attach.statusCode).toBe(422);
    }
    const [dangling] = await em.execute<{ count: string }[]>(
      'select count(*) from tournaments t where t.league_id is not null and not exists (select 1 from leagues l where l.id = t.league_id)',
    );
    expect(Number(dangling.count)).toBe(0);
  });
});
