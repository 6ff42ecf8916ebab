import { randomUUID } from 'node:crypto';
// Registered before the app starts, as a format of the service's own would be: nothing else knows its name.
import '../../src/competition/testing/king-of-the-hill/register';
import { setUpApiTest } from '../support/api-test';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  status: string;
  opponents: { participant_id: string | null }[];
}

interface StandingJson {
  rank: number;
  participant_id: string;
  wins: number;
}

/** A sixth format, registered from its own folder, is created, started, played and ranked over HTTP. */
describe('a format registered in the catalog before start-up (king_of_the_hill, test-only)', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  it('is offered, validated by its entry, played through its matches and ranked in its final standings', async () => {
    const refused = await http().post(TOURNAMENTS, { name: `Hill ${randomUUID()}`, format: 'king_of_the_hill', rounds: 3 }, as());
    expect(refused.statusCode).toBe(422);

    const created = await http().post(TOURNAMENTS, { name: `Hill ${randomUUID()}`, format: 'king_of_the_hill' }, as());
    expect(created.statusCode).toBe(201);
    const { id, format, legs } = created.json() as { id: string; format: string; legs: unknown };
    expect(format).toBe('king_of_the_hill');
    expect(legs).toBeNull();
    const base = `${TOURNAMENTS}/${id}`;

    const participants = Array.from({ length: 4 }, (_, index) => ({ name: `Climber ${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${base}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);

    const matches = ((await http().get(`${base}/matches?limit=100`, as())).json() as { data: MatchJson[] }).data;
    expect(matches).toHaveLength(3);
    const king = matches[0].opponents[0].participant_id!;
    expect(matches.every((match) => match.opponents[0].participant_id === king)).toBe(true);

    // The king beats the first two challengers and loses to the last one.
    for (const [index, match] of matches.entries()) {
      const challenger = match.opponents[1].participant_id!;
      const kingWins = index < 2;
      const reported = await http().patch(`${base}/matches/${match.id}`, { scores: kingWins ? [2, 1] : [1, 2], winner_id: kingWins ? king : challenger }, as());
      expect(reported.statusCode).toBe(200);
    }

    const tournament = (await http().get(base, as())).json() as { status: string };
    expect(tournament.status).toBe('completed');
    const standings = await http().get(`${base}/standings`, as());
    expect(standings.statusCode).toBe(200);
    const rows = (standings.json() as { data: StandingJson[] }).data;
    expect(rows[0]).toMatchObject({ rank: 1, participant_id: king, wins: 2 });
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.participant_id === matches[2].opponents[1].participant_id)).toMatchObject({ rank: 2, wins: 1 });
  });
});
