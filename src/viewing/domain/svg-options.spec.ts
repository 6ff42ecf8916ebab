import { XMLValidator } from 'fast-xml-parser';
import { InvalidParameterError } from '../../kernel/domain-error';
import { aTournamentView } from '../testing/a-tournament-view';
import { bracketSvg, standingsSvg } from './svg';
import { DEFAULT_SVG_OPTIONS, parseSvgOptions } from './svg-options';

function problemsOf(image: 'bracket' | 'standings', query: Record<string, string | string[]>): string[] {
  try {
    parseSvgOptions(image, query);
  } catch (error) {
    if (error instanceof InvalidParameterError) return error.parameterProblems.map((problem) => problem.parameter);
    throw error;
  }
  return [];
}

function sizeOf(svg: string): { width: number; height: number; viewBox: string } {
  const [, width, height, viewBox] = /<svg [^>]*width="(\d+)" height="(\d+)" viewBox="([^"]+)"/.exec(svg)!;
  return { width: Number(width), height: Number(height), viewBox };
}

describe('image options', () => {
  it('read every option, and spell each variant one way whatever the order', () => {
    const one = parseSvgOptions('bracket', { width: '600', theme: 'dark', rounds: '2-3', background: 'transparent' });
    const other = parseSvgOptions('bracket', { background: 'transparent', rounds: '2-3', theme: 'dark', width: '600' });
    expect(one.options).toEqual({ theme: 'dark', background: 'transparent', rounds: { from: 2, to: 3 }, width: 600 });
    expect(other.variant).toBe(one.variant);
    expect(parseSvgOptions('bracket', {}).variant).toBe('');
    expect(parseSvgOptions('bracket', { theme: 'light' }).variant).toBe('');
    expect(parseSvgOptions('standings', { limit: '10' }).options.limit).toBe(10);
  });

  it.each([
    ['theme', 'auto'],
    ['theme', 'DARK'],
    ['background', 'white'],
    ['width', '0'],
    ['width', '99'],
    ['width', '10001'],
    ['width', '600px'],
    ['width', '06'],
    ['width', '1e3'],
    ['rounds', '3'],
    ['rounds', '3-2'],
    ['rounds', '0-2'],
    ['rounds', '1-2-3'],
    ['rounds', '1-65'],
    ['rounds', '-2'],
  ])('refuse %s=%s on the bracket, naming the parameter', (name, value) => {
    expect(problemsOf('bracket', { [name]: value })).toEqual([name]);
  });

  it('refuse an unknown parameter, an option of the other image, and a repeated one; all at once', () => {
    expect(problemsOf('bracket', { limit: '3' })).toEqual(['limit']);
    expect(problemsOf('standings', { rounds: '1-2' })).toEqual(['rounds']);
    expect(problemsOf('standings', { limit: '0', colour: 'red', theme: ['dark', 'light'] })).toEqual(['limit', 'colour', 'theme']);
  });

  it('draw the dark theme, a transparent background and a scaled width as asked, and well-formed', () => {
    const view = aTournamentView({ format: 'double_elimination', count: 8, progress: 'played' });
    const plain = bracketSvg(view);
    const dark = bracketSvg(view, { ...DEFAULT_SVG_OPTIONS, theme: 'dark', background: 'transparent', width: 400 });
    for (const svg of [plain, dark]) expect(XMLValidator.validate(svg)).toBe(true);
    expect(plain).toContain('<rect width="100%" height="100%" fill="#fff"/>');
    expect(dark).not.toContain('height="100%"');
    expect(dark).toContain('fill:#f0f0f0');
    const natural = sizeOf(plain);
    const scaled = sizeOf(dark);
    expect(scaled.viewBox).toBe(natural.viewBox);
    expect(scaled.width).toBe(400);
    expect(scaled.height).toBe(Math.round((natural.height * 400) / natural.width));
    expect(sizeOf(bracketSvg(view, { ...DEFAULT_SVG_OPTIONS, theme: 'dark' })).viewBox).toBe(natural.viewBox);
    expect(bracketSvg(view, { ...DEFAULT_SVG_OPTIONS, theme: 'dark' })).toContain('fill="#121212"');
  });

  it('draw only the rounds asked for: the last rounds of a 1 024 bracket make a small image', () => {
    const view = aTournamentView({ format: 'single_elimination', count: 1024, progress: 'played' });
    const whole = bracketSvg(view);
    const last = bracketSvg(view, { ...DEFAULT_SVG_OPTIONS, rounds: { from: 8, to: 10 } });
    expect(XMLValidator.validate(last)).toBe(true);
    expect(last).toContain('>Final<');
    expect(last).not.toContain('>Round 1<');
    expect(sizeOf(last).height).toBeLessThan(1000);
    expect(sizeOf(whole).height).toBeGreaterThan(20_000);
    expect(last.length).toBeLessThan(whole.length / 20);
    expect(bracketSvg(view, { ...DEFAULT_SVG_OPTIONS, rounds: { from: 20, to: 30 } })).toContain('No round in this range.');
  });

  it('give the standings image its first rows only with limit', () => {
    const view = aTournamentView({ format: 'round_robin', count: 12, progress: 'played' });
    const top = standingsSvg(view, { ...DEFAULT_SVG_OPTIONS, limit: 3 });
    expect(XMLValidator.validate(top)).toBe(true);
    const shown = view.standings.filter((row) => top.includes(`>${row.name}<`));
    expect(shown.map((row) => row.name)).toEqual(view.standings.slice(0, 3).map((row) => row.name));
    expect(sizeOf(top).height).toBeLessThan(sizeOf(standingsSvg(view)).height);
  });
});
