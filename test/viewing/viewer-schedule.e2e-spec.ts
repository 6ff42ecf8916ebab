import { setUpApiTest } from '../support/api-test';
import { Organiser } from './shared-tournaments';

/** Views are revalidated at most once a second (ViewingService.REVALIDATE_AFTER_MS): a change shows after that. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));
const MINUTE = 60_000;

function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Issue 41 on the shared page: the schedule tab, by station (now playing, up next) and by time. */
describe('the viewer page’s schedule tab', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const organiser = new Organiser(http, () => api.owner);
  const as = { token: '' };
  beforeAll(() => (as.token = api.owner.token));

  it('appears with the first plan and shows each station’s match now playing and up next, and the matches by time', async () => {
    const tournament = await organiser.tournament('single_elimination', 8, { names: (index) => ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fa', 'Gu', 'Hu'][index] });
    const before = (await http().get(`/v/${tournament.shareId}?tab=schedule`)).body;
    expect(before).not.toContain('data-tab="schedule"');
    expect(before).toContain('Ignored tab=schedule: this tournament has no such tab.');

    for (const name of ['Table 1', 'Table 2']) expect((await http().post(`${tournament.base}/stations`, { name }, as)).statusCode).toBe(201);
    await organiser.patch(tournament.base, { schedule: { match_minutes: 30, rest_minutes: 10 } });
    // Round 1 started ten minutes ago: its first two matches are being played now, the next two are up next.
    const from = new Date(Math.floor((Date.now() - 10 * MINUTE) / MINUTE) * MINUTE);
    expect((await http().post(`${tournament.base}/schedule`, { from: from.toISOString() }, as)).statusCode).toBe(200);
    await settle();

    const page = await http().get(`/v/${tournament.shareId}?tab=schedule`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<body class="page tab-schedule"');
    expect(html).toContain('<a href="?tab=schedule" data-tab="schedule">Schedule</a>');
    const schedule = html.slice(html.indexOf('<section id="v-schedule"'), html.indexOf('</section>', html.indexOf('<section id="v-schedule"')));
    const boards = textOf(schedule.slice(0, schedule.indexOf('By time')));
    expect(boards).toMatch(/Table 1 Now playing M\d .+ vs .+ Up next M\d/);
    expect(boards).toMatch(/Table 2 Now playing M\d .+ vs .+ Up next M\d/);
    expect(schedule).toContain(`<time datetime="${from.toISOString()}" data-local="day">`);
    // By time: all seven open matches, the semi-finals and the final waiting for their players.
    const rows = [...schedule.slice(schedule.indexOf('<tbody>')).matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) => textOf(row[1]));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatch(/UTC Table 1 M\d (Ana|Bo|Cy|Di|Ed|Fa|Gu|Hu) vs/);
    expect(rows.at(-1)).toMatch(/To be decided vs To be decided$/);
    // Nothing private: no ids of the stations, matches or participants.
    const stations = (await http().get(`${tournament.base}/stations`, as)).json().data as { id: string }[];
    for (const station of stations) expect(html).not.toContain(station.id);
    for (const participant of tournament.participants) expect(html).not.toContain(participant.id);
  });
});
