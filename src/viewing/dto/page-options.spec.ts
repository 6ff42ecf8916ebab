import { PageFacts, readPageOptions, TOURNAMENT_TABS, variantKey } from './page-options';

const ENTRANTS = new Map([['3f6c1c9e-6f0a-4d47-9d1b-2b7a8c4f2e11', 4]]);
const page: PageFacts = {
  kind: 'tournament',
  embed: false,
  tabs: TOURNAMENT_TABS,
  rounds: ['winners-1', 'winners-2', 'losers-1', 'grand_final-1'],
  entrantOf: (id) => ENTRANTS.get(id),
};
const embed: PageFacts = { ...page, embed: true };

describe('a viewer page’s query options', () => {
  it('default to the visitor’s theme on the page and to light in an embed, on the bracket tab', () => {
    expect(readPageOptions({}, page)).toMatchObject({ theme: 'auto', tab: 'bracket', round: null, highlight: null, scaleFit: false, transparent: false, notices: [] });
    expect(readPageOptions({}, embed).theme).toBe('light');
  });

  it('take every documented value', () => {
    const options = readPageOptions(
      { theme: 'dark', tab: 'standings', round: 'losers-1', highlight: '3f6c1c9e-6f0a-4d47-9d1b-2b7a8c4f2e11', scale: 'fit', background: 'transparent' },
      embed,
    );
    expect(options).toEqual({ theme: 'dark', tab: 'standings', round: 'losers-1', highlight: 4, scaleFit: true, transparent: true, notices: [] });
  });

  it('read a bare round number as a round of the first bracket', () => {
    expect(readPageOptions({ round: '2' }, page).round).toBe('winners-2');
  });

  it('ignore an unknown value and say so, whatever it holds', () => {
    const options = readPageOptions({ theme: 'purple', tab: 'schedule', round: '9', highlight: 'not-a-participant', scale: 'big', background: 'x'.repeat(200) }, page);
    expect(options).toMatchObject({ theme: 'auto', tab: 'bracket', round: null, highlight: null, scaleFit: false, transparent: false });
    expect(options.notices).toEqual([
      'Ignored theme=purple: it takes light, dark or auto.',
      `Ignored background=${'x'.repeat(40)}…: it takes transparent.`,
      'Ignored scale=big: it takes fit.',
      'Ignored tab=schedule: this tournament has no such tab.',
      'Ignored round=9: this tournament has no such round.',
      'Ignored highlight=not-a-participant: no participant of this tournament has this id.',
    ]);
  });

  it('give a league page the theme and background only', () => {
    const league: PageFacts = { ...page, kind: 'league', rounds: [] };
    const options = readPageOptions({ theme: 'light', tab: 'standings' }, league);
    expect(options).toMatchObject({ theme: 'light', tab: null });
    expect(options.notices).toEqual(['Ignored tab=standings: a league page has no such option.']);
  });

  it('make one variant key per distinct page, empty without options', () => {
    const defaults = readPageOptions({}, embed);
    expect(variantKey(readPageOptions({}, embed), defaults)).toBe('');
    expect(variantKey(readPageOptions({ theme: 'light', tab: 'bracket' }, embed), defaults)).toBe('');
    expect(variantKey(readPageOptions({ theme: 'dark' }, embed), defaults)).toBe('theme=dark');
    expect(variantKey(readPageOptions({ theme: 'nope' }, embed), defaults)).toBe('notice=Ignored theme=nope: it takes light, dark or auto.');
  });
});
