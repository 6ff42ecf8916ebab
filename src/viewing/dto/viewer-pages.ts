import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Eta } from 'eta';
import { inTurns } from '../../platform/work/in-turns';
import { BracketSection, drawnAsBracket, layOut, RoundColumn } from '../domain/bracket-layout';
import { GroupPanel, layOutStages, StageSection } from '../domain/stage-layout';
import { PageOptions, TAB_LABELS, tabsOf } from './page-options';
import { RenderedPieces } from './rendered-pieces';
import { hasSchedule, ScheduleEntry, scheduleView } from '../domain/schedule-view';
import { deciderText, formatLabel, gamesText, LeagueView, OUTCOME_LABELS, STAGE_STATUS_LABELS, STATUS_LABELS, TournamentView, ViewMatch, ViewStandingRow } from '../domain/tournament-view';

/** The pages' templates and static files, next to this module in both src/ and dist/ (nest-cli.json copies them). */
const VIEWS_DIR = join(__dirname, '..', 'views');
/** Rendered pieces kept, half matches, half rows: a 1 024-player page has about 2 000; a few such pages, or many small ones. */
const PIECES_KEPT = 8_192;
const ASSETS_DIR = join(__dirname, '..', 'assets');
/** Where a kept standings row's rank goes: a character no rendered text holds. */
const RANK_SLOT = '\u0000';
/** Pieces `prepare` renders in one turn of the event loop: a few milliseconds' work. */
const PREPARED_PER_TURN = 128;

/**
 * A kept standings row: its markup with a slot for the rank, where the slot is, the markup compared for a change
 * (without the rank), and the markup with the rank it was last shown with.
 */
interface RowPiece {
  slotted: string;
  slot: number;
  compared: string;
  ranked: { rank: number; html: string } | undefined;
}

export interface ViewerAsset {
  body: string;
  contentType: string;
  integrity: string;
}

function asset(name: string, contentType: string): ViewerAsset {
  const body = readFileSync(join(ASSETS_DIR, name), 'utf8');
  return { body, contentType, integrity: `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}` };
}

/** Changes when the templates, assets or the code rendering them change: part of every ETag (see SharedView). */
export const RENDERER = createHash('sha256')
  .update(readdirSync(VIEWS_DIR).sort().map((name) => readFileSync(join(VIEWS_DIR, name), 'utf8')).join('\0'))
  .update(readFileSync(join(ASSETS_DIR, 'viewer.css')))
  .update(readFileSync(join(ASSETS_DIR, 'live.js')))
  .update(readFileSync(join(ASSETS_DIR, 'viewer-ui.js')))
  .update(readFileSync(join(__dirname, '..', 'domain', `svg${extname(__filename)}`)))
  .update(readFileSync(__filename))
  .digest('base64url')
  .slice(0, 8);

export const VIEWER_ASSETS: Readonly<Record<string, ViewerAsset>> = {
  'viewer.css': asset('viewer.css', 'text/css; charset=utf-8'),
  'live.js': asset('live.js', 'text/javascript; charset=utf-8'),
  'viewer-ui.js': asset('viewer-ui.js', 'text/javascript; charset=utf-8'),
};

/**
 * A part of a page the live script can swap by id; `children` are its own swappable parts, when it has any, and
 * `shell` its markup around them (a change there sends the whole part). `ordered`: its children may change places (the
 * standings' rows), which a patch says by moving the few rows that moved.
 */
export interface LivePart {
  id: string;
  html: string;
  children?: LivePart[];
  shell?: string;
  ordered?: boolean;
  /** The markup compared for a change when not all of `html` counts (a row's rank, which the live script works out). */
  compared?: string;
}

/**
 * What a live update carries: a part to swap by id, or (with `parent`) a child to take out and put back before the
 * element with id `before` (at the end when null). Moves come in reverse order of the new list, so each one's `before`
 * is in place when it is applied.
 */
export interface LivePatch {
  id: string;
  html: string;
  parent?: string;
  before?: string | null;
}

/**
 * The elements with ids starting `prefix` in `html`, each a part from its start to the next one's (the last one's to
 * `end`, the markup closing their list): they are consecutive siblings, so this is each one's own markup.
 */
export function childParts(html: string, prefix: string, end: string): { children: LivePart[]; shell: string } {
  const pattern = new RegExp(`<[a-z]+ id="(${prefix}[^"]+)"`, 'g');
  const starts = [...html.matchAll(pattern)].map((found) => ({ id: found[1], at: found.index }));
  if (starts.length === 0) return { children: [], shell: html };
  const last = html.lastIndexOf(end);
  const children = starts.map((start, index) => ({ id: start.id, html: html.slice(start.at, index + 1 < starts.length ? starts[index + 1].at : last).trim() }));
  return { children, shell: html.slice(0, starts[0].at) + html.slice(last) };
}

/**
 * A part and its swappable children, which need not sit side by side in its markup; the shell is its markup rendered
 * without them, only ever compared (rendered, not cut out of the markup: cutting copied the whole bracket each time).
 */
function partWith(id: string, html: string, children: LivePart[], shell: string): LivePart {
  return { id, html, children, shell };
}

export interface RenderedPage {
  /** The page's content (inside <main>), without the layout. */
  content: string;
  parts: LivePart[];
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DAY_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** An instant in UTC, readable, in a <time> the page's script shows in the visitor's time zone (`data-local`: day and time, or time only). */
function timeHtml(at: Date, timeOnly = false): string {
  const text = timeOnly ? TIME_FORMAT.format(at) : `${DAY_TIME_FORMAT.format(at)} UTC`;
  return `<time datetime="${at.toISOString()}" data-local="${timeOnly ? 'time' : 'day'}">${escapeHtml(text)}</time>`;
}

/** A scheduled match's sides: names (isolated for right-to-left), a later stage's placeholder, or "To be decided". */
function sidesHtml(entry: ScheduleEntry): string {
  const sides = entry.sides.map((side) => (side === null ? '<span class="tbd">To be decided</span>' : `<bdi>${escapeHtml(side)}</bdi>`));
  return `<span class="sides">${sides.join(sides.length === 2 ? ' vs ' : ', ')}</span>`;
}

function tournamentSummary(view: TournamentView): string {
  const completed = view.matches.filter((match) => match.status === 'completed').length;
  const participants = `${view.entrants.length} participant${view.entrants.length === 1 ? '' : 's'}`;
  if (view.matches.length === 0) return `· ${participants}`;
  return `· ${participants} · ${completed} of ${view.matches.length} matches played`;
}

/**
 * Renders the viewer pages with eta, the engine the account pages use through @fastify/view. It is called directly:
 * a page is rendered once per tournament state, outside any reply, and its parts are pushed on the live stream.
 * Eta escapes every `<%= %>` (names with markup stay text); names sit in <bdi> so right-to-left ones lay out correctly.
 */
export class ViewerPages {
  private readonly eta = new Eta({ views: VIEWS_DIR, cache: true, autoEscape: true });
  /** Matches already rendered, by what they show (the JSON of their view): a new state renders only those that changed. */
  private readonly matchPieces = new RenderedPieces(PIECES_KEPT / 2);
  /** Standings rows the same way: the markup with its rank slot, and without its rank cell (what is compared). */
  private readonly rowPieces = new RenderedPieces<RowPiece>(PIECES_KEPT / 2);
  /** The same, by the view's own objects (a view's matches and rows never change): found without making their key again. */
  private readonly prepared = new WeakMap<ViewMatch, string>();
  private readonly preparedRows = new WeakMap<ViewStandingRow, { html: string; compared: string }>();

  /** `now`: what the schedule tab calls playing (its start has come); the page's script keeps it current after. */
  tournament(view: TournamentView, now = new Date()): RenderedPage {
    const spread = drawnAsBracket(view);
    // A staged tournament shows its stages (issue 40), each with its groups' tables or its bracket.
    const sections = view.stages ? (view.matches.length === 0 ? [] : layOutStages(view).map((stage) => this.stagePart(stage))) : this.bracketParts(layOut(view), spread, 2);
    const emptyText =
      view.status === 'cancelled'
        ? 'This tournament was cancelled before play began.'
        : 'The matches appear here when the tournament starts.';
    const sectionsHtml = this.eta.render('sections', { sections, sectionHtml: sections.map((section) => section.html), emptyText, entrants: view.entrants });
    const tiebreakers = view.standings[0]?.tiebreakers.map((tiebreaker) => tiebreakerLabel(tiebreaker.name)) ?? [];
    const games = gamesShown(view);
    const rows = view.standings.map((row, index): LivePart => ({ id: `v-s-${row.key}`, ...this.rowPiece(view, index, games) }));
    const standingsOf = (rowHtml: string[]) => this.eta.render('standings', { rows: view.standings, rowHtml, tiebreakers, name: view.name, games });
    const standings = standingsOf(rows.map((row) => row.html));
    const status = this.eta.render('status', { status: view.status, statusLabel: STATUS_LABELS[view.status], summary: tournamentSummary(view), ...podiumOf(view) });
    const planned = hasSchedule(view);
    const schedule = this.eta.render('schedule', { planned, ...(planned ? scheduleView(view, now) : { stations: [], byTime: [] }), time: timeHtml, sides: sidesHtml });
    const tabs = this.eta.render('tabs', {
      tabs: tabsOf(planned).map((key) => ({ key, label: key !== 'bracket' ? TAB_LABELS[key] : view.stages ? 'Stages' : spread ? TAB_LABELS[key] : 'Rounds' })),
    });
    // The tabs and the schedule are swapped whole: the schedule tab appears with the first plan, and any match
    // scheduled, moved or completed changes the panel.
    const parts: LivePart[] = [
      { id: 'v-status', html: status },
      { id: 'v-tabs', html: tabs },
      { id: 'v-schedule', html: schedule },
      partWith('v-sections', sectionsHtml, sections, this.eta.render('sections', { sections, sectionHtml: [], emptyText, entrants: view.entrants })),
      { ...partWith('v-standings', standings, rows, standingsOf([])), ordered: true },
    ];
    const content = this.eta.render('tournament', {
      view,
      formatLabel: formatLabel(view.format),
      startsAt: view.startsAt?.toISOString(),
      startsAtText: view.startsAt ? `${DATE_FORMAT.format(view.startsAt)} UTC` : undefined,
      parts: { status, sections: sectionsHtml, standings, tabs, schedule },
    });
    return { content, parts };
  }

  /**
   * Renders the view's matches and standings rows ahead, a slice of them per turn of the event loop, so that rendering
   * the page after finds them all: on a 1 024-player bracket, working out which pieces changed holds the loop longer
   * than it may stop at once.
   */
  async prepare(view: TournamentView): Promise<void> {
    const games = gamesShown(view);
    await inTurns(view.matches, PREPARED_PER_TURN, (match) => this.matchHtml(match));
    await inTurns(view.standings, PREPARED_PER_TURN, (_, index) => this.rowPiece(view, index, games));
  }

  private matchHtml(match: ViewMatch): string {
    let html = this.prepared.get(match);
    if (html === undefined) {
      html = this.matchPieces.get(JSON.stringify(match), () => this.eta.render('match', { match, outcomeLabels: OUTCOME_LABELS, gamesText, deciderText }));
      this.prepared.set(match, html);
    }
    return html;
  }

  /** A standings row: its markup, and that markup without its rank, which is what is compared for a change. */
  private rowPiece(view: TournamentView, index: number, games: boolean): { html: string; compared: string } {
    const row = view.standings[index];
    let piece = this.preparedRows.get(row);
    if (piece === undefined) {
      const tie = index > 0 && view.standings[index - 1].rank === row.rank;
      // Kept without its rank, which a result changes for every row it moves (all those a round has knocked out):
      // the rank goes into the kept markup's slot.
      const { rank, ...shown } = row;
      const key = JSON.stringify([shown, tie, games]);
      const kept = this.rowPieces.get(key, () => {
        const markup = this.eta.render('standing-row', { row: { ...row, rank: RANK_SLOT }, tie, games });
        return { slotted: markup, slot: markup.indexOf(RANK_SLOT), compared: markup.replace(`<td class="rank">${RANK_SLOT}</td>`, ''), ranked: undefined };
      });
      // A rank is where a row's run of ties starts (`data-tie` marks a row tied with the one above): the live script
      // numbers the rows itself, so a result that moves 600 rows down by one sends the rows that changed, not 600.
      // Most rows keep their rank from one result to the next: their markup is the one made last time.
      if (kept.ranked?.rank !== rank) {
        const { slotted, slot } = kept;
        kept.ranked = { rank, html: slotted.slice(0, slot) + String(rank) + slotted.slice(slot + RANK_SLOT.length) };
      }
      piece = { html: kept.ranked.html, compared: kept.compared };
      this.preparedRows.set(row, piece);
    }
    return piece;
  }

  /** Bracket sections, each with its rounds as children and theirs the matches; `level`: the sections' heading level. */
  private bracketParts(sections: BracketSection[], spread: boolean, level: number): LivePart[] {
    return sections.map((section) => {
      const rounds = section.rounds.map((round) => this.roundPart(round, level + 1));
      const html = this.eta.render('section', { section, spread, roundHtml: rounds.map((round) => round.html), level });
      return partWith(`v-sec-${section.key}`, html, rounds, this.eta.render('section', { section, spread, roundHtml: [], level }));
    });
  }

  private roundPart(round: RoundColumn, level: number): LivePart {
    const matches = round.matches.map((match) => ({ id: `v-m-${match.number}`, html: this.matchHtml(match) }));
    const html = this.eta.render('round', { round, level, matchHtml: matches.map((match) => match.html) });
    return { id: `v-r-${round.key}`, html, children: matches, shell: matches.length === 0 ? html : this.eta.render('round', { round, level, matchHtml: [] }) };
  }

  /** A stage: its title (with its status), then its brackets or its groups. */
  private stagePart(stage: StageSection): LivePart {
    const title: LivePart = { id: `v-st-${stage.key}`, html: this.eta.render('stage-title', { stage, statusLabel: STAGE_STATUS_LABELS[stage.status] }) };
    const inner = stage.brackets ? this.bracketParts(stage.brackets, true, 3) : stage.groups.map((group) => this.groupPart(group, stage.name));
    const html = this.eta.render('stage', { stage, titleHtml: title.html, innerHtml: inner.map((part) => part.html) });
    return partWith(`v-stage-${stage.key}`, html, [title, ...inner], this.eta.render('stage', { stage, titleHtml: '', innerHtml: [] }));
  }

  /**
   * A group: its table's rows (ordered children of its tbody, each with its rank: four rows need no renumbering) and
   * its rounds with their matches.
   */
  private groupPart(group: GroupPanel, stageName: string): LivePart {
    const rounds = group.rounds.map((round) => this.roundPart(round, 4));
    const tableHtml = group.rows.length === 0 ? '' : this.eta.render('group-rows', { group });
    const table: LivePart[] = tableHtml === '' ? [] : [{ id: `v-gt-${group.key}`, html: tableHtml, ...childParts(tableHtml, 'v-s-', '</tbody>'), ordered: true }];
    const html = this.eta.render('group', { group, stageName, tableHtml, roundHtml: rounds.map((round) => round.html) });
    return partWith(`v-grp-${group.key}`, html, [...table, ...rounds], this.eta.render('group', { group, stageName, tableHtml: '', roundHtml: [] }));
  }

  league(view: LeagueView): RenderedPage {
    const completed = view.tournaments.filter((tournament) => tournament.status === 'completed').length + view.unshared.completed;
    const total = view.tournaments.length + view.unshared.count;
    const content = this.eta.render('league', {
      view,
      statusLabel: view.status.charAt(0).toUpperCase() + view.status.slice(1),
      summary: `· ${total} tournament${total === 1 ? '' : 's'}, ${completed} completed`,
      unsharedText:
        view.unshared.count === 0
          ? undefined
          : `${view.unshared.count} ${view.tournaments.length === 0 ? '' : 'more '}${view.unshared.count === 1 ? 'tournament is not shared: it counts' : 'tournaments are not shared: they count'} in the table, unnamed.`,
      ratings: (view.ratings ?? []).map((row) => ({ ...row, score: Number.isInteger(row.score) ? String(row.score) : row.score.toFixed(1) })),
      tournaments: view.tournaments.map((tournament) => ({
        name: tournament.name,
        status: tournament.status,
        statusLabel: STATUS_LABELS[tournament.status],
        formatLabel: formatLabel(tournament.format),
        podium: tournament.placings.filter((placing) => placing.rank <= 3),
      })),
    });
    const league = content.slice(content.indexOf('<div id="v-league">'));
    return { content, parts: [{ id: 'v-league', html: league.slice(0, league.lastIndexOf('</div>') + '</div>'.length) }] };
  }

  notFound(): string {
    return this.layout({ title: 'Not found', body: this.eta.render('not-found', {}), embed: false });
  }

  message(heading: string, text: string): string {
    return this.layout({ title: heading, body: this.eta.render('message', { heading, text }), embed: false });
  }

  /** The whole document: with the site's header and footer, or bare for an iframe; with the live script when `live` is the stream's path. */
  layout(options: { title: string; body: string; embed: boolean; live?: string; state?: string; page?: PageOptions }): string {
    const page = options.page;
    const classes = [options.embed ? 'embed' : 'page'];
    if (page?.tab) classes.push(`tab-${page.tab}`);
    if (page?.scaleFit) classes.push('scale-fit');
    if (page?.transparent) classes.push('bg-transparent');
    return this.eta.render('layout', {
      ...options,
      theme: page?.theme ?? 'auto',
      classes: classes.join(' '),
      round: page?.round ?? null,
      highlight: page?.highlight ?? null,
      notices: page?.notices ?? [],
      liveIntegrity: VIEWER_ASSETS['live.js'].integrity,
      uiIntegrity: VIEWER_ASSETS['viewer-ui.js'].integrity,
    });
  }
}

const ORDINALS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd' };

/** A completed tournament's winner(s) and its first three places (ties share a place); nothing before. */
function podiumOf(view: TournamentView): { winners: string[]; podium: { rank: number; name: string }[]; ordinals: Record<number, string> } {
  if (view.status !== 'completed') return { winners: [], podium: [], ordinals: ORDINALS };
  const podium = view.entrants
    .filter((entrant) => entrant.finalRank !== null && entrant.finalRank <= 3)
    .map((entrant) => ({ rank: entrant.finalRank!, name: entrant.name }))
    .sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { winners: podium.filter((place) => place.rank === 1).map((place) => place.name), podium, ordinals: ORDINALS };
}

/** Whether the standings show games won and lost (a format played in games). */
function gamesShown(view: TournamentView): boolean {
  return view.standings.some((row) => row.gamesWon !== undefined);
}

function tiebreakerLabel(name: string): string {
  return name
    .split('_')
    .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/**
 * The parts of `next` that differ from `previous`: a part whose children are the same list (by id) and whose markup
 * around them is unchanged is compared child by child, so a reported result sends its matches, not the bracket; an
 * `ordered` part whose rows changed places sends the rows that changed and the fewest moves (the rows outside the
 * longest run that kept its order).
 */
export function changedParts(previous: LivePart[], next: LivePart[]): LivePatch[] {
  const before = new Map(previous.map((part) => [part.id, part]));
  const changed: LivePatch[] = [];
  for (const part of next) {
    const old = before.get(part.id);
    // A part with children is compared by its shell and then child by child, never whole: its markup may be the
    // whole bracket, kept as a rope of its pieces that a comparison would copy.
    if (old && !(old.children && part.children) && (old.compared ?? old.html) === (part.compared ?? part.html)) continue;
    if (old?.children && part.children && old.shell !== undefined && old.shell === part.shell) {
      const oldIds = old.children.map((child) => child.id);
      const newIds = part.children.map((child) => child.id);
      if (oldIds.join() === newIds.join()) {
        changed.push(...changedParts(old.children, part.children));
        continue;
      }
      if (part.ordered && oldIds.length === newIds.length && oldIds.slice().sort().join() === newIds.slice().sort().join()) {
        changed.push(...reordered(part.id, old.children, part.children));
        continue;
      }
    }
    changed.push({ id: part.id, html: part.html });
  }
  return changed;
}

/** The moves (and swaps) that turn `previous` into `next`, the same children in another order. */
function reordered(parentId: string, previous: LivePart[], next: LivePart[]): LivePatch[] {
  const parent = parentOf(parentId);
  const oldIndex = new Map(previous.map((child, index) => [child.id, index]));
  const stays = longestIncreasing(next.map((child) => oldIndex.get(child.id)!));
  const oldHtml = new Map(previous.map((child) => [child.id, child.compared ?? child.html]));
  const patches: LivePatch[] = [];
  const moves: LivePatch[] = [];
  next.forEach((child, index) => {
    if (!stays.has(index)) moves.push({ id: child.id, html: child.html, parent, before: next[index + 1]?.id ?? null });
    else if (oldHtml.get(child.id) !== (child.compared ?? child.html)) patches.push({ id: child.id, html: child.html });
  });
  return [...patches, ...moves.reverse()];
}

/** The element the ordered children sit in: the standings' rows are in `v-standings-rows`. */
function parentOf(partId: string): string {
  return partId === 'v-standings' ? 'v-standings-rows' : partId;
}

/** The positions (in `values`) of one longest strictly increasing subsequence: patience sorting, O(n log n). */
function longestIncreasing(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.length > 0 ? tails[tails.length - 1] : -1; index >= 0; index = previous[index]) kept.add(index);
  return kept;
}
