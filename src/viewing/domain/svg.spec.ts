import { XMLValidator } from 'fast-xml-parser';
import { aTournamentView } from '../testing/a-tournament-view';
import { bracketSvg, escapeXml, standingsSvg } from './svg';

const FORMATS = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all'] as const;

describe('bracket and standings images', () => {
  it.each(FORMATS)('draw a played %s as well-formed XML holding every name and every reported score', (format) => {
    const view = aTournamentView({ format, count: 6, progress: 'played' });
    for (const svg of [bracketSvg(view), standingsSvg(view)]) expect(XMLValidator.validate(svg)).toBe(true);
    const bracket = bracketSvg(view);
    for (const entrant of view.entrants) expect(bracket).toContain(`>${entrant.name}<`);
    // Each reported score (a free-for-all's rank) on its opponent's line.
    const lines = view.matches.flatMap((match) => match.opponents.filter((o) => (o.score ?? o.rank) !== null).map((o) => `${o.name}<tspan x="204">${o.score ?? o.rank}</tspan>`));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(bracket).toContain(line);
    const standings = standingsSvg(view);
    for (const entrant of view.entrants) expect(standings).toContain(`>${entrant.name}<`);
  });

  it('are byte-identical for identical state, and differ once a result differs', () => {
    const first = aTournamentView({ format: 'double_elimination', count: 8, progress: 'played', seed: 3 });
    const again = aTournamentView({ format: 'double_elimination', count: 8, progress: 'played', seed: 3 });
    const other = aTournamentView({ format: 'double_elimination', count: 8, progress: 'played', seed: 4 });
    expect(bracketSvg(again)).toBe(bracketSvg(first));
    expect(standingsSvg(again)).toBe(standingsSvg(first));
    expect(bracketSvg(other)).not.toBe(bracketSvg(first));
  });

  it('keep markup in names as text, and right-to-left names intact', () => {
    const names = ['<script>alert(1)</script>', 'Tom & "Jerry"', 'مريم الحسيني', '\u0007bell'];
    const view = aTournamentView({ format: 'single_elimination', count: 4, progress: 'played', names: (index) => names[index] });
    const svg = bracketSvg(view);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(svg).toContain('مريم الحسيني');
    expect(escapeXml('\u0007bell')).toBe('bell');
  });

  it('shows a grand-final reset when the losers’ finalist wins the grand final', () => {
    // The second opponent of a grand final comes from the losers' bracket: it wins, so a reset is played.
    const view = aTournamentView({
      format: 'double_elimination',
      count: 4,
      progress: 'played',
      decide: (match) => ({ scores: match.bracket === 'grand_final' && match.round === 1 ? [0, 1] : [1, 0] }),
    });
    expect(view.matches.filter((match) => match.bracket === 'grand_final').map((match) => match.round)).toEqual([1, 2]);
    const svg = bracketSvg(view);
    expect(svg).toContain('>Grand final reset<');
    expect(svg).toContain('>Losers’ bracket<');
  });

  it('draw a 1 024-player double elimination within 300 KiB', () => {
    const started = bracketSvg(aTournamentView({ format: 'double_elimination', count: 1024 }));
    const played = bracketSvg(aTournamentView({ format: 'double_elimination', count: 1024, progress: 'played' }));
    expect(XMLValidator.validate(played)).toBe(true);
    expect(Buffer.byteLength(started)).toBeLessThanOrEqual(300 * 1024);
    expect(Buffer.byteLength(played)).toBeLessThanOrEqual(300 * 1024);
  });
});
