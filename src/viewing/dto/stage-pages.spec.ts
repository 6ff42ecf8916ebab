import { aStagedTournament } from '../testing/a-staged-tournament-view';
import { changedParts, LivePart, ViewerPages } from './viewer-pages';

/** Every id in the page's markup. */
function idsIn(html: string): string[] {
  return [...html.matchAll(/ id="([^"]+)"/g)].map((found) => found[1]);
}

/** A part anywhere in the tree, by id. */
function partById(parts: LivePart[], id: string): LivePart | undefined {
  for (const part of parts) {
    if (part.id === id) return part;
    const inside = part.children && partById(part.children, id);
    if (inside) return inside;
  }
  return undefined;
}

describe('a staged tournament’s page (issue 40)', () => {
  const pages = new ViewerPages();

  it('shows each stage by name: a table per group with its matches, and the knockout as a bracket with its placeholders', () => {
    const { content } = pages.tournament(aStagedTournament().report(3));
    expect(content).toContain('<h2 id="v-st-groups" class="stage-title"><bdi>Group stage</bdi>');
    expect(content).toContain('<h2 id="v-st-knockout" class="stage-title"><bdi>Knockout</bdi> <span class="badge badge-pending">Not started</span>');
    expect(content).toContain('<a href="?tab=bracket" data-tab="bracket">Stages</a>');
    for (const label of ['A', 'B']) {
      expect(content).toContain(`<h3 id="v-gh-groups-${label}">Group ${label}</h3>`);
      expect(content).toContain(`<tbody id="v-gt-groups-${label}">`);
    }
    expect(content).toContain('<span class="name tbd">Winner Group A</span>');
    expect(content).toContain('<span class="name tbd">Runner-up Group B</span>');
    // Group A's table after its first round (1 beat 8, 4 beat 5): who leads, played, W/D/L, points.
    const groupA = content.slice(content.indexOf('<tbody id="v-gt-groups-A">'), content.indexOf('</tbody>', content.indexOf('<tbody id="v-gt-groups-A">')));
    expect([...groupA.matchAll(/<bdi>([^<]+)<\/bdi><\/th><td>(\d)<\/td><td>(\d)<\/td><td>(\d)<\/td><td>(\d)<\/td><td>(\d)<\/td>/g)].map((row) => row.slice(1).join(' '))).toEqual([
      'Team 1 1 1 0 0 3',
      'Team 4 1 1 0 0 3',
      'Team 5 1 0 0 1 0',
      'Team 8 1 0 0 1 0',
    ]);
    const ids = idsIn(content);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('shows a later round-robin stage’s waiting slots by their placeholders, its table once it fills', () => {
    const stages = [
      { key: 'pools', name: 'Pools', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
      { key: 'final-pool', name: 'Final pool', format: 'round_robin' },
    ];
    const cup = aStagedTournament(stages, 8);
    const waiting = pages.tournament(cup.view()).content;
    expect(waiting).toContain('<h3 id="v-gh-final-pool-A">Table</h3>\n<p class="unpaired">The table fills in when the qualifiers are known.</p>');
    expect(waiting).toContain('<span class="name tbd">Runner-up Group B</span>');
    const filled = pages.tournament(cup.report(12)).content;
    expect(filled).toContain('<tbody id="v-gt-final-pool-A">');
    expect(filled).not.toContain('Runner-up Group B</span>');
  });

  it('patches a group result by ids: the match and the group’s rows that changed, never the stage or the group whole', () => {
    const cup = aStagedTournament();
    let before = pages.tournament(cup.view());
    for (let reported = 0; reported < 11; reported++) {
      const after = pages.tournament(cup.report(1));
      const patches = changedParts(before.parts, after.parts);
      const ids = patches.map((patch) => patch.id);
      expect(ids.filter((id) => /^v-(sections|stage-|grp-|gt-|r-)/.test(id))).toEqual([]);
      expect(ids.filter((id) => id.startsWith('v-m-'))).toHaveLength(1);
      expect(ids.some((id) => /^v-s-groups-[AB]-\d+$/.test(id))).toBe(true);
      // Rows that moved are put back inside their own group's table.
      for (const move of patches.filter((patch) => patch.parent !== undefined && patch.id.startsWith('v-s-groups-'))) {
        expect(move.parent).toBe(`v-gt-${/^v-s-(groups-[AB])-/.exec(move.id)![1]}`);
      }
      before = after;
    }
  });

  it('patches the last group result with the knockout’s filled matches and both stages’ titles', () => {
    const cup = aStagedTournament();
    cup.report(11);
    const before = pages.tournament(cup.view());
    const after = pages.tournament(cup.report(1));
    const ids = changedParts(before.parts, after.parts).map((patch) => patch.id);
    expect(ids).toEqual(expect.arrayContaining(['v-st-groups', 'v-st-knockout']));
    const semis = ['v-m-13', 'v-m-14'];
    expect(ids).toEqual(expect.arrayContaining(semis));
    for (const id of semis) expect(partById(after.parts, id)!.html).toContain('<bdi class="name">Team');
    expect(ids.filter((id) => /^v-(sections|stage-|sec-|grp-)/.test(id))).toEqual([]);
  });
});
