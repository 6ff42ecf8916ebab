import { TournamentView } from '../domain/tournament-view';
import { aTournamentView } from '../testing/a-tournament-view';
import { PageFacts, readPageOptions, tabsOf } from './page-options';
import { changedParts, ViewerPages } from './viewer-pages';

const evening = Date.UTC(2026, 4, 1, 17);
const MINUTE = 60_000;

/** An 8-player single elimination on two tables: round 1 at 17:00 and 17:30, each match 20 minutes, the rest unplanned. */
const anUnplannedCup = () => aTournamentView({ format: 'single_elimination', count: 8, names: (index) => ['Ana', 'Bo', 'Cy', 'Di', '<b>Ed</b>', 'Fa', 'Gu', 'Hu'][index] });

function aPlannedCup(): TournamentView {
  const view = anUnplannedCup();
  view.stations = ['Table 1', 'Table 2'];
  view.matches
    .filter((match) => match.round === 1)
    .forEach((match, index) => {
      match.scheduledAt = new Date(evening + Math.floor(index / 2) * 30 * MINUTE);
      match.endsAt = new Date(match.scheduledAt.getTime() + 20 * MINUTE);
      match.station = index % 2;
    });
  return view;
}

function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('the schedule tab', () => {
  const pages = new ViewerPages();

  it('shows each station’s match now playing and up next, and the open matches by time, with UTC times in <time>', () => {
    const page = pages.tournament(aPlannedCup(), new Date(evening + 5 * MINUTE));
    const schedule = page.parts.find((part) => part.id === 'v-schedule')!.html;
    const boards = textOf(schedule.slice(schedule.indexOf('station-boards'), schedule.indexOf('By time')));
    expect(boards).toContain('Table 1 Now playing M1 Ana vs Hu 1 May, 17:00 UTC – 17:20 Up next M3');
    expect(boards).toContain('Table 2 Now playing M2');
    expect(schedule).toContain('<time datetime="2026-05-01T17:00:00.000Z" data-local="day">1 May, 17:00 UTC</time>');
    const rows = [...schedule.slice(schedule.indexOf('<tbody>')).matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => textOf(row[1]));
    expect(rows).toEqual(['1 May, 17:00 UTC Table 1 M1 Ana vs Hu', '1 May, 17:00 UTC Table 2 M2 Di vs &lt;b&gt;Ed&lt;/b&gt;', '1 May, 17:30 UTC Table 1 M3 Bo vs Gu', '1 May, 17:30 UTC Table 2 M4 Cy vs Fa']);
    expect(schedule).not.toContain('<b>Ed</b>');
    expect(page.content).toContain('<div class="tab-panel" data-panel="schedule">');
    expect(page.content).toContain('data-tab="schedule"');
  });

  it('says up next before a station’s first match has started, and leaves played matches out', () => {
    const view = aPlannedCup();
    const early = pages.tournament(view, new Date(evening - 60 * MINUTE)).parts.find((part) => part.id === 'v-schedule')!.html;
    expect(textOf(early)).toContain('Table 1 Up next M1 Ana vs Hu 1 May, 17:00 UTC – 17:20 After that M3');
    // Its time has come but its players are not known yet (a feeder ran late): not playing.
    const final = view.matches.find((match) => match.round === 2)!;
    Object.assign(final, { scheduledAt: new Date(evening - 90 * MINUTE), endsAt: new Date(evening - 70 * MINUTE), station: 1 });
    expect(textOf(pages.tournament(view, new Date(evening)).parts.find((part) => part.id === 'v-schedule')!.html)).toContain(`Table 2 Up next M${final.number} To be decided vs To be decided`);
    Object.assign(final, { scheduledAt: null, endsAt: null, station: null });
    view.matches[0].status = 'completed';
    const later = pages.tournament(view, new Date(evening + 25 * MINUTE)).parts.find((part) => part.id === 'v-schedule')!.html;
    expect(textOf(later)).toContain('Table 1 Up next M3');
    expect(textOf(later)).not.toContain('M1 ');
  });

  it('is a tab only once a match has a time; before, ?tab=schedule is a notice', () => {
    const unplanned = aTournamentView({ format: 'single_elimination', count: 4 });
    const page = pages.tournament(unplanned);
    expect(page.content).not.toContain('data-tab="schedule"');
    const facts = (scheduled: boolean): PageFacts => ({ kind: 'tournament', embed: false, tabs: tabsOf(scheduled), rounds: [], entrantOf: () => undefined });
    expect(readPageOptions({ tab: 'schedule' }, facts(false))).toMatchObject({ tab: 'bracket', notices: ['Ignored tab=schedule: this tournament has no such tab.'] });
    expect(readPageOptions({ tab: 'schedule' }, facts(true))).toMatchObject({ tab: 'schedule', notices: [] });
  });

  it('sends the tabs and the schedule panel as live parts when the first plan lands, and the panel when a match moves', () => {
    const before = anUnplannedCup();
    const planned = aPlannedCup();
    const now = new Date(evening);
    const first = changedParts(pages.tournament(before, now).parts, pages.tournament(planned, now).parts);
    expect(first.map((part) => part.id)).toEqual(['v-tabs', 'v-schedule']);
    expect(first[0].html).toContain('data-tab="schedule"');
    const moved = structuredClone(planned);
    moved.matches[3].scheduledAt = new Date(evening + 60 * MINUTE);
    moved.matches[3].endsAt = new Date(evening + 80 * MINUTE);
    expect(changedParts(pages.tournament(planned, now).parts, pages.tournament(moved, now).parts).map((part) => part.id)).toEqual(['v-schedule']);
  });
});
