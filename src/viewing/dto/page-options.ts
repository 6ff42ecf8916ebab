/*
 * The query options of a viewer page and its embed (docs/viewing.md, "Options"): read, checked against what the page
 * shows, and reduced to one variant key. A page never fails on an option: an unknown value is ignored, and the page
 * says so in a notice, so a club's webmaster sees the typo instead of a broken frame.
 */

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const TABS = ['bracket', 'standings', 'schedule'] as const;
export type Tab = (typeof TABS)[number];

export interface PageOptions {
  theme: Theme;
  /** Null on a page without tabs (a league). */
  tab: Tab | null;
  /** A round's key (`main-3`, `losers-2`) to open on instead of the round being played. */
  round: string | null;
  /** The place in the view's entrants of the participant whose path is highlighted. */
  highlight: number | null;
  scaleFit: boolean;
  transparent: boolean;
  /** What was ignored, in words, shown at the top of the page. */
  notices: string[];
}

/** What the options are checked against. */
export interface PageFacts {
  kind: 'tournament' | 'league';
  embed: boolean;
  /** The tabs this page has, the first the default. */
  tabs: readonly Tab[];
  /** Every round's key, in section order. */
  rounds: readonly string[];
  /** A participant id's place in the entrants; undefined for an id not in this tournament. */
  entrantOf: (participantId: string) => number | undefined;
}

const TOURNAMENT_ONLY = ['tab', 'round', 'highlight'] as const;

/** Shown as given, but never more than this much of it. */
function quoted(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function last(value: unknown): string | undefined {
  if (Array.isArray(value)) return last(value.at(-1));
  return typeof value === 'string' ? value : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}

/**
 * Reads the options from a page's query. An embed is light unless asked otherwise: a dark-mode visitor of a light
 * club site would otherwise see a dark box in it. The page itself follows the visitor's setting (`auto`).
 */
export function readPageOptions(query: Record<string, unknown>, facts: PageFacts): PageOptions {
  const notices: string[] = [];
  const options: PageOptions = {
    theme: facts.embed ? 'light' : 'auto',
    tab: facts.kind === 'tournament' ? facts.tabs[0] : null,
    round: null,
    highlight: null,
    scaleFit: false,
    transparent: false,
    notices,
  };
  const ignore = (name: string, value: string, why: string) => notices.push(`Ignored ${name}=${quoted(value)}: ${why}`);

  const theme = last(query.theme);
  if (theme !== undefined) {
    if (oneOf(THEMES, theme)) options.theme = theme;
    else ignore('theme', theme, 'it takes light, dark or auto.');
  }
  const background = last(query.background);
  if (background !== undefined) {
    if (background === 'transparent') options.transparent = true;
    else ignore('background', background, 'it takes transparent.');
  }
  const scale = last(query.scale);
  if (scale !== undefined) {
    if (scale === 'fit') options.scaleFit = true;
    else ignore('scale', scale, 'it takes fit.');
  }
  if (facts.kind === 'league') {
    for (const name of TOURNAMENT_ONLY) {
      const value = last(query[name]);
      if (value !== undefined) ignore(name, value, 'a league page has no such option.');
    }
    return options;
  }

  const tab = last(query.tab);
  if (tab !== undefined) {
    if (oneOf(facts.tabs, tab)) options.tab = tab;
    else if (oneOf(TABS, tab)) ignore('tab', tab, 'this tournament has no such tab.');
    else ignore('tab', tab, `it takes ${facts.tabs.join(', ')}.`);
  }
  const round = last(query.round);
  if (round !== undefined) {
    // A bare number is a round of the first bracket (`3`); a key names its bracket too (`losers-2`).
    const key = /^\d{1,4}$/.test(round) && facts.rounds.length > 0 ? `${facts.rounds[0].replace(/-\d+$/, '')}-${Number(round)}` : round;
    if (facts.rounds.includes(key)) options.round = key;
    else ignore('round', round, 'this tournament has no such round.');
  }
  const highlight = last(query.highlight);
  if (highlight !== undefined) {
    const entrant = facts.entrantOf(highlight);
    if (entrant !== undefined) options.highlight = entrant;
    else ignore('highlight', highlight, 'no participant of this tournament has this id.');
  }
  return options;
}

/** The same key for the same page; empty for the page as it is without options (every notice is part of it). */
export function variantKey(options: PageOptions, defaults: PageOptions): string {
  const fields: string[] = [];
  if (options.theme !== defaults.theme) fields.push(`theme=${options.theme}`);
  if (options.tab !== defaults.tab) fields.push(`tab=${options.tab}`);
  if (options.round !== null) fields.push(`round=${options.round}`);
  if (options.highlight !== null) fields.push(`highlight=${options.highlight}`);
  if (options.scaleFit) fields.push('scale=fit');
  if (options.transparent) fields.push('background=transparent');
  for (const notice of options.notices) fields.push(`notice=${notice}`);
  return fields.join('&');
}

/** A tournament page's tabs, the first the default; the schedule joins them once a match has a time (issue 41). */
export const TOURNAMENT_TABS: readonly Tab[] = ['bracket', 'standings'];
const WITH_SCHEDULE: readonly Tab[] = [...TOURNAMENT_TABS, 'schedule'];

export function tabsOf(scheduled: boolean): readonly Tab[] {
  return scheduled ? WITH_SCHEDULE : TOURNAMENT_TABS;
}
export const TAB_LABELS: Record<Tab, string> = { bracket: 'Bracket', standings: 'Standings', schedule: 'Schedule' };
