import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  group: string | null;
  status: string;
  opponents: { seed: number | null }[];
}
interface StageRowJson {
  group: string;
  rank: number;
  name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
}

/** A group's table as the page shows it: "rank name played wins draws losses points" per row. */
function pageTable(html: string, stage: string, group: string): string[] {
  const start = html.indexOf(`<tbody id="v-gt-${stage}-${group}">`);
  expect(start).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf('</tbody>', start));
  return [...body.matchAll(/<td class="rank">(\d+)<\/td><th scope="row"><bdi>([^<]+)<\/bdi><\/th><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td>/g)].map((row) => row.slice(1).join(' '));
}

/** Stages on the shared page (issue 40): two groups of four, then a four-player knockout. */
describe('stages: the viewer page of a staged tournament', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  it('shows each stage by name, each group’s table as GET …/standings?stage= ranks it, and the knockout’s placeholders until it fills', async () => {
    const created = await http().post(
      TOURNAMENTS,
      {
        name: `Club night ${randomUUID().slice(0, 8)}`,
        visibility: 'unlisted',
        stages: [
          { key: 'pools', name: 'Pools', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
          { key: 'finals', name: 'Finals', format: 'single_elimination' },
        ],
      },
      as(),
    );
    expect(created.statusCode).toBe(201);
    const { id, share_id: shareId } = created.json() as { id: string; share_id: string };
    const base = `${TOURNAMENTS}/${id}`;
    await http().post(`${base}/participants/bulk`, { participants: Array.from({ length: 8 }, (_, index) => ({ name: `Team ${index + 1}`, seed: index + 1 })) }, as());
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const pools = ((await http().get(`${base}/matches?limit=100&stage=pools`, as())).json() as { data: MatchJson[] }).data;
    // Upsets in the first round of each group, then the better seed wins.
    const play = async (match: MatchJson, upset: boolean) => {
      const better = match.opponents[0].seed! < match.opponents[1].seed! ? 0 : 1;
      const winner = upset ? 1 - better : better;
      expect((await http().patch(`${base}/matches/${match.id}`, { scores: winner === 0 ? [3, 1] : [1, 3] }, as())).statusCode).toBe(200);
    };
    const [first, ...rest] = [pools.filter((match) => match.group === 'A'), pools.filter((match) => match.group === 'B')].flatMap((group) => group.slice(0, 2));
    await play(first, true);
    for (const match of rest) await play(match, false);

    const tablesNow = async () => {
      const page = (await http().get(`/v/${shareId}`)).body;
      const api = ((await http().get(`${base}/standings?stage=pools`, as())).json() as { data: StageRowJson[] }).data;
      for (const group of ['A', 'B']) {
        const expected = api.filter((row) => row.group === group).map((row) => [row.rank, row.name, row.played, row.wins, row.draws, row.losses, row.points].join(' '));
        expect([group, pageTable(page, 'pools', group)]).toEqual([group, expected]);
      }
      return page;
    };
    const midway = await tablesNow();
    expect(pageTable(midway, 'pools', 'A')[0]).toMatch(/^1 Team 4 1 1 0 0 3$|^1 Team 5 1 1 0 0 3$|^1 Team 8 1 1 0 0 3$/);
    expect(midway).toContain('<h2 id="v-st-pools" class="stage-title"><bdi>Pools</bdi> <span class="badge badge-in_progress">In progress</span></h2>');
    expect(midway).toContain('<h2 id="v-st-finals" class="stage-title"><bdi>Finals</bdi> <span class="badge badge-pending">Not started</span></h2>');
    expect(midway).toContain('<span class="name tbd">Winner Group A</span>');
    expect(midway).toContain('<span class="name tbd">Runner-up Group B</span>');
    // Group A's matches sit under group A, round by round.
    const groupA = midway.slice(midway.indexOf('id="v-grp-pools-A"'), midway.indexOf('id="v-grp-pools-B"'));
    for (const match of pools.filter((one) => one.group === 'A')) expect(groupA).toContain(`id="v-m-${match.number}"`);
    expect(groupA).toContain('id="v-r-pools-A-3"');

    for (const match of ((await http().get(`${base}/matches?limit=100&stage=pools&status=ready`, as())).json() as { data: MatchJson[] }).data) await play(match, false);
    const done = await tablesNow();
    expect(done).toContain('<span class="badge badge-completed">Completed</span>');
    expect(done).not.toContain('Winner Group A</span>');
    const snapshot = (await http().get(`/v/${shareId}.json`)).json() as { stages: { key: string; status: string; groups: { label: string; standings: { rank: number; name: string; points: number }[] }[] }[] };
    expect(snapshot.stages.map((stage) => [stage.key, stage.status, stage.groups.map((group) => group.label)])).toEqual([
      ['pools', 'completed', ['A', 'B']],
      ['finals', 'in_progress', ['A']],
    ]);
    expect(snapshot.stages[0].groups[0].standings.map((row) => `${row.rank} ${row.name}`)).toEqual(pageTable(done, 'pools', 'A').map((row) => row.split(' ').slice(0, 3).join(' ')));
  });
});
