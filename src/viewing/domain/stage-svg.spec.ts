import { XMLValidator } from 'fast-xml-parser';
import { aStagedTournament, GROUPS_THEN_KNOCKOUT } from '../testing/a-staged-tournament-view';
import { bracketSvg } from './svg';
import { TournamentView } from './tournament-view';

/** The text of every <text> (tspans included) of an SVG fragment, in document order. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map(([, inner]) => inner.replace(/<[^>]+>/g, ''));
}

/** Each group table's rows as "rank name played points", by the group's title; a table is one translated <g>. */
function tablesOf(svg: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const [, inner] of svg.matchAll(/<g transform="translate\(\d+ \d+\)">(<text y="\d+" class="t">.*?)<\/g>/g)) {
    const [title, ...texts] = textsOf(inner);
    const cells = texts.slice(4); // after the heading row: #, Name, P, Pts
    const rows: string[] = [];
    for (let index = 0; index + 3 < cells.length; index += 4) rows.push(cells.slice(index, index + 4).join(' '));
    tables.set(title, rows);
  }
  return tables;
}

const rowsOf = (view: TournamentView, label: string) =>
  view.stages![0].groups.find((group) => group.label === label)!.rows.map((row) => `${row.rank} ${row.name} ${row.played} ${row.points}`);

/** The x of each group table's box, by the group's title: the grid's columns. */
function columnsOf(svg: string): Map<string, number> {
  return new Map([...svg.matchAll(/<g transform="translate\((\d+) \d+\)"><text[^>]*class="t">(Group [A-Z]+|Table)<\/text>/g)].map(([, x, title]) => [title, Number(x)]));
}

const WORLD_CUP = [{ ...GROUPS_THEN_KNOCKOUT[0], groups: 8 }, GROUPS_THEN_KNOCKOUT[1]];

describe('the bracket image of a staged tournament (issue 40)', () => {
  it('draws each stage under its name and status: the groups’ tables, then the knockout with its placeholders', () => {
    const started = aStagedTournament().view();
    const svg = bracketSvg(started);
    expect(XMLValidator.validate(svg)).toBe(true);
    const texts = textsOf(svg);
    expect(texts.indexOf('Group stage')).toBeLessThan(texts.indexOf('Knockout'));
    expect(texts[texts.indexOf('Group stage') + 1]).toBe('In progress');
    expect(texts[texts.indexOf('Knockout') + 1]).toBe('Not started');
    const tables = tablesOf(svg);
    expect([...tables.keys()]).toEqual(['Group A', 'Group B']);
    expect(tables.get('Group A')).toEqual(rowsOf(started, 'A'));
    expect(tables.get('Group B')).toEqual(rowsOf(started, 'B'));
    // The knockout's waiting slots, after the tables, in bracket order.
    const knockout = texts.slice(texts.indexOf('Knockout'));
    expect(knockout.filter((text) => /Group/.test(text))).toEqual(['Winner Group A', 'Runner-up Group B', 'Winner Group B', 'Runner-up Group A']);
  });

  it('draws each group’s rows in the order the stage ranks them, and the qualifiers’ names once they fill the bracket', () => {
    const played = aStagedTournament().report(12);
    const svg = bracketSvg(played);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(tablesOf(svg).get('Group A')).toEqual(['1 Team 1 3 9', '2 Team 4 3 6', '3 Team 5 3 3', '4 Team 8 3 0']);
    expect(tablesOf(svg).get('Group B')).toEqual(['1 Team 2 3 9', '2 Team 3 3 6', '3 Team 6 3 3', '4 Team 7 3 0']);
    expect(svg).not.toContain('Winner Group');
    const texts = textsOf(svg);
    expect(texts[texts.indexOf('Group stage') + 1]).toBe('Completed');
    // Winner A v runner-up B, winner B v runner-up A.
    expect(texts.slice(texts.indexOf('Knockout')).filter((text) => text.startsWith('Team'))).toEqual(['Team 1', 'Team 3', 'Team 2', 'Team 4']);
  });

  it('says a later round-based stage’s table fills in with the qualifiers, and calls a one-group stage’s table "Table"', () => {
    const pools = [
      { ...GROUPS_THEN_KNOCKOUT[0], name: 'Pools' },
      { key: 'final', name: 'Final pool', format: 'round_robin' },
    ];
    const svg = bracketSvg(aStagedTournament(pools).view());
    expect(XMLValidator.validate(svg)).toBe(true);
    const texts = textsOf(svg);
    expect(texts.slice(texts.indexOf('Final pool'))).toEqual(['Final pool', 'Not started', 'Table', 'The table fills in when the qualifiers are known.']);
  });

  it('lays 8 groups out 4 to a row by default, and fewer to a row when a narrower width is asked for', () => {
    const view = aStagedTournament(WORLD_CUP, 32).view();
    const byDefault = columnsOf(bracketSvg(view));
    expect(byDefault.size).toBe(8);
    expect(new Set(byDefault.values()).size).toBe(4);
    expect(byDefault.get('Group E')).toBe(byDefault.get('Group A'));
    // Only the groups are drawn at rounds 9-9 (no knockout round), so the grid follows the width asked for.
    const narrow = bracketSvg(view, { theme: 'light', background: 'opaque', width: 600, rounds: { from: 9, to: 9 } });
    expect(XMLValidator.validate(narrow)).toBe(true);
    expect(new Set(columnsOf(narrow).values()).size).toBe(2);
    expect(narrow).toMatch(/<svg [^>]*width="600"/);
    expect(textsOf(narrow)).toContain('No round in this range.');
  });

  it('keeps every option: rounds apply to the bracket stage only, theme, a transparent background', () => {
    const view = aStagedTournament().view();
    const finalOnly = bracketSvg(view, { theme: 'dark', background: 'transparent', rounds: { from: 2, to: 2 } });
    expect(XMLValidator.validate(finalOnly)).toBe(true);
    expect(tablesOf(finalOnly).get('Group A')).toEqual(rowsOf(view, 'A'));
    expect(finalOnly).toContain('>Final<');
    expect(finalOnly).not.toContain('>Semi-finals<');
    expect(finalOnly).not.toContain('Winner Group A');
    expect(finalOnly).toContain('fill:#f0f0f0');
    expect(finalOnly).not.toContain('<rect width="100%"');
  });

  it('keeps markup in stage, group and participant names as text', () => {
    const view = aStagedTournament().view();
    const hostile = '<script>&"x"</script>';
    const escaped = '&lt;script&gt;&amp;&quot;x&quot;&lt;/script&gt;';
    const marked: TournamentView = {
      ...view,
      stages: view.stages!.map((stage, index) => ({
        ...stage,
        name: index === 0 ? hostile : stage.name,
        groups: stage.groups.map((group) => ({ ...group, rows: group.rows.map((row, rank) => (rank === 0 ? { ...row, name: `${hostile}${group.label}` } : row)) })),
      })),
    };
    const svg = bracketSvg(marked);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain(`>${escaped}<`);
    expect(svg).toContain(`>${escaped}A<`);
  });

  it('draws 64 groups of 4 and a 128-player knockout within 300 KiB, as many tables to a row as the bracket’s width holds', () => {
    const shape = [
      { key: 'groups', name: 'Group stage', format: 'round_robin', groups: 64, advance: { per_group: 2 } },
      { key: 'playoff', name: 'Playoff', format: 'single_elimination' },
    ];
    const svg = bracketSvg(aStagedTournament(shape, 256).view());
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(300 * 1024);
    expect(columnsOf(svg).size).toBe(64);
    expect(new Set(columnsOf(svg).values()).size).toBe(7); // seven rounds of 260 hold seven tables of 256
  });

  it('is byte-identical for identical state', () => {
    expect(bracketSvg(aStagedTournament().report(5))).toBe(bracketSvg(aStagedTournament().report(5)));
  });
});
