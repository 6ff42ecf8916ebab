import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Eta } from 'eta';
import { drawnAsBracket, layOut } from '../domain/bracket-layout';
import { PageOptions, TAB_LABELS, TOURNAMENT_TABS } from './page-options';
import { deciderText, FORMAT_LABELS, gamesText, LeagueView, OUTCOME_LABELS, STATUS_LABELS, TournamentView } from '../domain/tournament-view';

/** The pages' templates and static files, next to this module in both src/ and dist/ (nest-cli.json copies them). */
const VIEWS_DIR = join(__dirname, '..', 'views');
const ASSETS_DIR = join(__dirname, '..', 'assets');

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

/** A part of a page the live script can swap by id; `children` are its own swappable parts, when it has any. */
export interface LivePart {
  id: string;
  html: string;
  children?: LivePart[];
}

export interface RenderedPage {
  /** The page's content (inside <main>), without the layout. */
  content: string;
  parts: LivePart[];
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

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

  tournament(view: TournamentView): RenderedPage {
    const spread = drawnAsBracket(view);
    const sections = layOut(view).map((section) => {
      const rounds = section.rounds.map((round) => ({ id: `v-r-${round.key}`, html: this.eta.render('round', { round, outcomeLabels: OUTCOME_LABELS, gamesText, deciderText }) }));
      return { id: `v-sec-${section.key}`, html: this.eta.render('section', { section, spread, roundHtml: rounds.map((round) => round.html) }), children: rounds };
    });
    const emptyText =
      view.status === 'cancelled'
        ? 'This tournament was cancelled before play began.'
        : 'The matches appear here when the tournament starts.';
    const sectionsHtml = this.eta.render('sections', { sections, sectionHtml: sections.map((section) => section.html), emptyText, entrants: view.entrants });
    const tiebreakers = view.standings[0]?.tiebreakers.map((tiebreaker) => tiebreakerLabel(tiebreaker.name)) ?? [];
    const games = view.standings.some((row) => row.gamesWon !== undefined);
    const standings = this.eta.render('standings', { rows: view.standings, tiebreakers, name: view.name, games });
    const status = this.eta.render('status', { status: view.status, statusLabel: STATUS_LABELS[view.status], summary: tournamentSummary(view), ...podiumOf(view) });
    const parts: LivePart[] = [
      { id: 'v-status', html: status },
      { id: 'v-sections', html: sectionsHtml, children: sections },
      { id: 'v-standings', html: standings },
    ];
    const content = this.eta.render('tournament', {
      view,
      formatLabel: FORMAT_LABELS[view.format],
      startsAt: view.startsAt?.toISOString(),
      startsAtText: view.startsAt ? `${DATE_FORMAT.format(view.startsAt)} UTC` : undefined,
      parts: { status, sections: sectionsHtml, standings },
      tabs: TOURNAMENT_TABS.map((key) => ({ key, label: key === 'bracket' && !spread ? 'Rounds' : TAB_LABELS[key] })),
    });
    return { content, parts };
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
        formatLabel: FORMAT_LABELS[tournament.format],
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

function tiebreakerLabel(name: string): string {
  return name
    .split('_')
    .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/**
 * The parts of `next` that differ from `previous`: a part whose children are the same list (by id) is compared child
 * by child, so a reported result sends one round column, not the whole bracket.
 */
export function changedParts(previous: LivePart[], next: LivePart[]): LivePart[] {
  const before = new Map(previous.map((part) => [part.id, part]));
  const changed: LivePart[] = [];
  for (const part of next) {
    const old = before.get(part.id);
    if (old && old.html === part.html) continue;
    const sameShape = old?.children && part.children && old.children.map((child) => child.id).join() === part.children.map((child) => child.id).join();
    if (sameShape) changed.push(...changedParts(old.children!, part.children!));
    else changed.push({ id: part.id, html: part.html });
  }
  return changed;
}
