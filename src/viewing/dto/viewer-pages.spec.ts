import { aTournamentView } from '../testing/a-tournament-view';
import { changedParts, ViewerPages } from './viewer-pages';

describe('viewer pages', () => {
  const pages = new ViewerPages();

  it('render the same bytes for the same state', () => {
    const view = () => aTournamentView({ format: 'swiss', count: 6, progress: 'played' });
    expect(pages.tournament(view()).content).toBe(pages.tournament(view()).content);
  });

  it('send only the parts that changed: the status and the match reported, by its id', () => {
    const before = aTournamentView({ format: 'double_elimination', count: 8 });
    const after = structuredClone(before);
    const first = after.matches[0];
    first.status = 'completed';
    first.opponents[0] = { ...first.opponents[0], score: 2, result: 'win' };
    first.opponents[1] = { ...first.opponents[1], score: 0, result: 'loss' };
    const parts = changedParts(pages.tournament(before).parts, pages.tournament(after).parts);
    expect(parts.map((part) => part.id)).toEqual(['v-status', `v-m-${first.number}`]);
    expect(parts[1].html.startsWith(`<li id="v-m-${first.number}" class="match match-completed"`)).toBe(true);
  });

  it('render a new state as a fresh renderer would, reusing only the matches and rows that did not change', () => {
    const before = aTournamentView({ format: 'single_elimination', count: 16 });
    const after = structuredClone(before);
    const first = after.matches[0];
    first.status = 'completed';
    first.opponents[0] = { ...first.opponents[0], name: 'Renamed <b>', score: 1, result: 'win' };
    first.opponents[1] = { ...first.opponents[1], score: 0, result: 'loss' };
    after.standings[0] = { ...after.standings[0], wins: 1, played: 1 };
    pages.tournament(before);
    const reused = pages.tournament(after);
    const fresh = new ViewerPages().tournament(after);
    expect(reused.content).toBe(fresh.content);
    expect(JSON.stringify(reused.parts)).toBe(JSON.stringify(fresh.parts));
    expect(reused.content).toContain('Renamed &lt;b&gt;');
  });

  it('render a prepared view (its pieces made a slice a turn ahead) as a fresh renderer would', async () => {
    const view = aTournamentView({ format: 'swiss', count: 300, progress: 'played' });
    const prepared = new ViewerPages();
    await prepared.prepare(view);
    const page = prepared.tournament(view);
    const fresh = new ViewerPages().tournament(structuredClone(view));
    expect(page.content).toBe(fresh.content);
    expect(JSON.stringify(page.parts)).toBe(JSON.stringify(fresh.parts));
  });

  it('send a whole section when its rounds change (a swiss round is paired)', () => {
    const before = aTournamentView({ format: 'free_for_all', count: 4 });
    const after = { ...before, plannedRounds: 2 };
    const parts = changedParts(pages.tournament(before).parts, pages.tournament(after).parts);
    expect(parts.map((part) => part.id)).toEqual(['v-sec-main']);
  });

  it('escape markup in names and keep right-to-left names isolated', () => {
    const view = aTournamentView({ format: 'round_robin', count: 3, names: (index) => ['<script>x</script>', 'مريم', 'A & B'][index] });
    const { content } = pages.tournament(view);
    expect(content).not.toContain('<script>');
    expect(content).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(content).toContain('<bdi>مريم</bdi>');
  });
});

describe('a completed tournament’s page', () => {
  const pages = new ViewerPages();

  it('names its winner and its podium above the bracket', () => {
    const view = aTournamentView({ format: 'single_elimination', count: 8, progress: 'played' });
    const { content } = pages.tournament(view);
    const winner = view.entrants.find((entrant) => entrant.finalRank === 1)!.name;
    expect(content).toContain(`Winner: <bdi>${winner}</bdi></h2>`);
    expect(content.match(/<li class="place place-\d">/g)?.length).toBeGreaterThanOrEqual(3);
    expect(content.indexOf('winner-banner')).toBeLessThan(content.indexOf('v-sections'));
  });

  it('has no banner while it is played', () => {
    expect(pages.tournament(aTournamentView({ format: 'single_elimination', count: 8 })).content).not.toContain('winner-banner');
  });
});
