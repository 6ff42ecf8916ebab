import { createHash } from 'node:crypto';
import { setTimeout as nextTurn } from 'node:timers/promises';
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { NotFoundError } from '../kernel/domain-error';
import { isShareId } from '../kernel/sharing';
import { Tournament } from '../tournaments';
import { ReadContext, SharedState, SharedStates } from './domain/shared-states';
import { bracketSvg, standingsSvg } from './domain/svg';
import { DEFAULT_SVG_OPTIONS, SvgOptions, variantOf } from './domain/svg-options';
import { LeagueView, TournamentView } from './domain/tournament-view';
import { buildLeagueView, buildTournamentView, TournamentFacts } from './domain/view-builder';
import { presentLeagueSnapshot, presentTournamentSnapshot } from './dto/snapshot.presenter';
import { EventWakeups } from '../events';
import { SharedContent } from './viewing-ports';
import { LivePart, RENDERER, RenderedPage, ViewerPages } from './dto/viewer-pages';
import { PageFacts, PageOptions, readPageOptions, tabsOf, variantKey } from './dto/page-options';
import { hasSchedule } from './domain/schedule-view';
import { bracketSectionsOf } from './domain/stage-layout';

/** A share link that leads nowhere: unknown, rotated, made private, or never a share id. Nothing more is said. */
export class SharedViewNotFoundError extends NotFoundError {
  constructor() {
    super('The shared tournament or league');
  }
}

export const REPRESENTATIONS = ['page', 'embed', 'json', 'bracket.svg', 'standings.svg'] as const;
export type Representation = (typeof REPRESENTATIONS)[number];

export interface RenderedView {
  body: Buffer;
  contentType: string;
  /** None while the state is not settled: nothing may answer 304 from a tag that does not show the latest change. */
  etag: string | undefined;
}

/** How long a checked state is served without asking the database again: the most a viewer's copy lags a change. */
export const REVALIDATE_AFTER_MS = 1000;
/** Variants kept rendered per state (page options, image options); past it, the oldest goes: a variant is cheap to redraw. */
const MAX_VARIANTS = 32;
/** Share links kept rendered at once; the least recently checked go first. */
const MAX_CACHED = 2000;
/** Links dropped since the last flush whose drop is remembered (to refuse stale stores); past it, a flush. */
const MAX_DROPS = 10_000;

/**
 * One state of one share link, with each representation rendered once, on first request: every viewer of that state
 * gets the same bytes, under the same ETag.
 */
export class SharedView {
  /**
   * The view's state: the sequence of its latest event and a digest of the state token and the renderer, so equal
   * states give equal tags on every instance, and a new release does not answer 304 with old markup.
   */
  readonly state: string;
  readonly token: string;
  readonly accountId: string;
  readonly settled: boolean;
  /** By representation, and by variant too (`page?…` for page options, `bracket.svg:dark.w600` for image options). */
  private readonly rendered = new Map<string, RenderedView>();
  private page?: RenderedPage;
  private pageFacts?: { page: PageFacts; embed: PageFacts };

  constructor(
    readonly shareId: string,
    shared: SharedState,
    readonly content: { kind: 'tournament'; view: TournamentView } | { kind: 'league'; view: LeagueView },
    private readonly pages: ViewerPages,
    /** Participant id → place in the view's entrants, for `?highlight=`; never shown. */
    private readonly entrants: ReadonlyMap<string, number> = new Map(),
  ) {
    this.token = shared.token;
    this.accountId = shared.accountId;
    this.settled = shared.settled;
    const lastEvent = /^e\d+/.exec(shared.token)?.[0] ?? 'e0';
    this.state = `${lastEvent}-${createHash('sha256').update(`${RENDERER}|${shared.token}`).digest('base64url').slice(0, 16)}`;
  }

  /**
   * Null when this kind has no such representation (a league has no bracket image). A page or embed with query
   * options, or an image with its options, is a variant of its own: rendered once per variant (the latest MAX_VARIANTS
   * a state), under a tag of its own.
   */
  render(representation: Representation, query: Record<string, unknown> = {}, svg: SvgOptions = DEFAULT_SVG_OPTIONS): RenderedView | null {
    const html = representation === 'page' || representation === 'embed' ? representation : undefined;
    const options = html ? this.pageOptions(html, query) : undefined;
    const image = representation.endsWith('.svg');
    // Images name their canonical options in the tag; page variants (which may echo any text) only a digest of them.
    const variant = image ? variantOf(svg) : html && options ? variantKey(options, this.pageOptions(html, {})) : '';
    const key = variant === '' ? representation : `${representation}${image ? ':' : '?'}${variant}`;
    let rendered = this.rendered.get(key);
    if (rendered) return rendered;
    const made = this.make(representation, options, svg);
    if (!made) return null;
    const tag = variant === '' ? '' : image ? `.${variant}` : `.${createHash('sha256').update(variant).digest('base64url').slice(0, 12)}`;
    const etag = this.settled ? `"${this.state}.${representation.replace('.', '-')}${tag}"` : undefined;
    rendered = { body: Buffer.from(made.text, 'utf8'), contentType: made.contentType, etag };
    // Notices echo what was asked, so page variants are countless: the oldest variant goes to make room.
    if (variant !== '' && this.rendered.size >= MAX_VARIANTS + REPRESENTATIONS.length) {
      const oldest = [...this.rendered.keys()].find((name) => name.includes(':') || name.includes('?'));
      if (oldest) this.rendered.delete(oldest);
    }
    this.rendered.set(key, rendered);
    return rendered;
  }

  private pageOptions(representation: 'page' | 'embed', query: Record<string, unknown>): PageOptions {
    this.pageFacts ??= this.factsOfPages();
    return readPageOptions(query, representation === 'embed' ? this.pageFacts.embed : this.pageFacts.page);
  }

  private factsOfPages(): { page: PageFacts; embed: PageFacts } {
    const rounds = this.content.kind === 'tournament' ? bracketSectionsOf(this.content.view).flatMap((section) => section.rounds.map((round) => round.key)) : [];
    const page: PageFacts = {
      kind: this.content.kind,
      embed: false,
      tabs: tabsOf(this.content.kind === 'tournament' && hasSchedule(this.content.view)),
      rounds,
      entrantOf: (id) => this.entrants.get(id),
    };
    return { page, embed: { ...page, embed: true } };
  }

  /** Renders the page's matches and rows ahead, a slice a turn (ViewerPages.prepare), until the page is rendered. */
  async prepare(): Promise<void> {
    if (this.content.kind === 'tournament' && !this.page) await this.pages.prepare(this.content.view);
  }

  /** The swappable parts of the page, for the live stream. */
  liveParts(): LivePart[] {
    return this.renderedPage().parts;
  }

  private renderedPage(): RenderedPage {
    this.page ??= this.content.kind === 'tournament' ? this.pages.tournament(this.content.view) : this.pages.league(this.content.view);
    return this.page;
  }

  private make(representation: Representation, options: PageOptions | undefined, svg: SvgOptions): { text: string; contentType: string } | null {
    const html = 'text/html; charset=utf-8';
    const { content } = this;
    switch (representation) {
      case 'page':
      case 'embed': {
        const embed = representation === 'embed';
        const title = `${content.view.name} · ${content.kind === 'league' ? 'League' : 'Tournament'}`;
        const live = `/v/${this.shareId}/events`;
        return { text: this.pages.layout({ title, body: this.renderedPage().content, embed, live, state: this.state, page: options }), contentType: html };
      }
      case 'json': {
        const snapshot = content.kind === 'tournament' ? presentTournamentSnapshot(content.view) : presentLeagueSnapshot(content.view);
        return { text: JSON.stringify({ ...snapshot, state: this.state }), contentType: 'application/json; charset=utf-8' };
      }
      case 'bracket.svg':
        return content.kind === 'tournament' ? { text: bracketSvg(content.view, svg), contentType: 'image/svg+xml; charset=utf-8' } : null;
      case 'standings.svg':
        return content.kind === 'tournament' ? { text: standingsSvg(content.view, svg), contentType: 'image/svg+xml; charset=utf-8' } : null;
    }
  }
}

interface CacheEntry {
  view: SharedView;
  checkedAt: number;
  /** The revalidation in flight: concurrent viewers wait for this one read instead of each making their own. */
  checking?: Promise<SharedView>;
  /** New events came while `checking` ran: what it read may be from before them, so it is stored as stale. */
  wokenWhileChecking?: boolean;
}

/**
 * Public, read-only views of unlisted tournaments and leagues, cached per state: whatever the number of viewers, a
 * share link costs one state read per second (REVALIDATE_AFTER_MS) per instance, and a full read only when its state
 * changed. It reads through the other modules' services, with the account the share link belongs to.
 *
 * A link that stops leading anywhere (private, rotated, deleted) is dropped at once (`drop`, from the database's
 * notification, ShareLinkFeed). The cache is believed only while that feed is live (`resume`); while it is down
 * (`suspend`) every request reads the state itself. A read that began before a drop of its link never stores what it
 * read, and nobody joins it after the drop: the same rules as the principal cache (src/tokens/principal-cache.ts).
 */
@Injectable()
export class ViewingService implements OnModuleInit, OnModuleDestroy {
  private stopListening?: () => void;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly pages = new ViewerPages();
  private readonly firstLoads = new Map<string, Promise<SharedView>>();
  private live = false;
  private generation = 0;
  private flushedAt = 0;
  private readonly droppedAt = new Map<string, number>();
  private readonly dropListeners = new Set<(shareId: string) => void>();

  constructor(
    private readonly states: SharedStates,
    private readonly context: ReadContext,
    private readonly content: SharedContent,
    private readonly wakeups: EventWakeups,
  ) {}

  /**
   * An account's new events (from any instance) make its cached views stale at once: the next viewer revalidates
   * instead of waiting out REVALIDATE_AFTER_MS. A lost notification only delays that to the usual second.
   */
  onModuleInit(): void {
    this.stopListening = this.wakeups.listen((accountId) => {
      for (const entry of this.cache.values()) {
        if (entry.view.accountId !== accountId) continue;
        entry.checkedAt = 0;
        if (entry.checking) entry.wokenWhileChecking = true;
      }
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /** The tournament a share link leads to (read now, not cached); SharedViewNotFoundError for a league, a private one or nothing. */
  async sharedTournament(shareId: string): Promise<{ accountId: string; tournamentId: string }> {
    if (!isShareId(shareId)) throw new SharedViewNotFoundError();
    const state = await this.context.run(() => this.states.lookup(shareId));
    if (!state || state.kind !== 'tournament') throw new SharedViewNotFoundError();
    return { accountId: state.accountId, tournamentId: state.id };
  }

  /** The current view of a share link; SharedViewNotFoundError when it leads nowhere. */
  async current(shareId: string, now = Date.now()): Promise<SharedView> {
    if (!isShareId(shareId)) throw new SharedViewNotFoundError();
    // Without the feed a drop could go unheard: read the state for this request (a view is rebuilt only when it changed).
    if (!this.live) return this.revalidate(shareId, this.cache.get(shareId), this.generation);
    const entry = this.cache.get(shareId);
    if (!entry) return this.firstLoad(shareId);
    if (now - entry.checkedAt < REVALIDATE_AFTER_MS) return entry.view;
    entry.checking ??= this.revalidate(shareId, entry, this.generation).finally(() => (entry.checking = undefined));
    return entry.checking;
  }

  /**
   * A share link leads nowhere any more (made private, rotated, deleted; from any instance): its views go at once,
   * reads of it in flight store nothing, and live streams following it end.
   */
  drop(shareId: string): void {
    this.generation += 1;
    if (this.droppedAt.size >= MAX_DROPS) this.flush();
    else this.droppedAt.set(shareId, this.generation);
    this.cache.delete(shareId);
    this.firstLoads.delete(shareId);
    for (const listener of this.dropListeners) listener(shareId);
  }

  /** Calls `listener` with each dropped share link; returns the function that stops it. */
  onDrop(listener: (shareId: string) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** The drop feed is listening: cache again, from empty. */
  resume(): void {
    this.flush();
    this.live = true;
  }

  /** The drop feed is down: nothing may be served from memory until it is back. */
  suspend(): void {
    this.live = false;
    this.flush();
  }

  private flush(): void {
    this.generation += 1;
    this.flushedAt = this.generation;
    this.droppedAt.clear();
    this.cache.clear();
    this.firstLoads.clear();
  }

  /** The page for a share link that leads nowhere. */
  notFoundPage(): string {
    return this.pages.notFound();
  }

  /** A short page for a refusal (429). */
  message(heading: string, text: string): string {
    return this.pages.message(heading, text);
  }

  private firstLoad(shareId: string): Promise<SharedView> {
    const inFlight = this.firstLoads.get(shareId);
    if (inFlight) return inFlight;
    const loading: Promise<SharedView> = this.revalidate(shareId, undefined, this.generation).finally(() => {
      // A drop may have replaced this load with a newer one: leave that one be.
      if (this.firstLoads.get(shareId) === loading) this.firstLoads.delete(shareId);
    });
    this.firstLoads.set(shareId, loading);
    return loading;
  }

  /** Reads the link's state (and its view when that changed); `stamp` is the cache's generation when the read began. */
  private async revalidate(shareId: string, entry: CacheEntry | undefined, stamp: number): Promise<SharedView> {
    const checkedAt = Date.now();
    const view = await this.context.run(async () => {
      const state = await this.states.lookup(shareId);
      if (!state) return null;
      // Equal tokens mean equal views only when both are settled (an unnumbered event is not in the token).
      if (entry && entry.view.settled && state.settled && entry.view.token === state.token) return entry.view;
      return this.load(shareId, state);
    });
    if (!view) {
      this.cache.delete(shareId);
      throw new SharedViewNotFoundError();
    }
    // What a read from before a drop (or a flush) saw may be the dropped link: serve it to this request, keep nothing.
    if (stamp < this.flushedAt || stamp < (this.droppedAt.get(shareId) ?? 0)) return view;
    this.cache.delete(shareId);
    // A view from before its last event was numbered, or read while new events came, is served until the next
    // viewer, who reads the state again.
    this.cache.set(shareId, { view, checkedAt: view.settled && !entry?.wokenWhileChecking ? checkedAt : 0 });
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return view;
  }

  private async load(shareId: string, state: SharedState): Promise<SharedView | null> {
    try {
      if (state.kind === 'tournament') {
        const tournament = await this.content.tournament(state.accountId, state.id);
        const { field, matches, standings, stages, stations } = await this.content.play(tournament);
        // Building the view of a large bracket takes a turn of the event loop of its own, not the one of the last read.
        await nextTurn();
        const entrants = new Map(field.map((participant, index) => [participant.id, index]));
        const view = buildTournamentView(facts(tournament), field, matches, standings, stages, stations);
        return new SharedView(shareId, state, { kind: 'tournament', view }, this.pages, entrants);
      }
      const league = await this.content.league(state.accountId, state.id);
      const tournaments = await this.content.leagueTournaments(state.accountId, state.id);
      const withFields = await Promise.all(
        tournaments.map(async (tournament) => ({
          facts: facts(tournament),
          shared: tournament.visibility === 'unlisted',
          field: tournament.status === 'completed' ? await this.content.field(state.accountId, tournament.id) : [],
        })),
      );
      const ratings = await this.content.ratings(league);
      const ratingRows = ratings?.map((row, index) => ({ rank: index + 1, name: row.name, score: row.score, matches: row.matches, provisional: row.provisional })) ?? null;
      return new SharedView(shareId, state, { kind: 'league', view: buildLeagueView(league, withFields, ratingRows) }, this.pages);
    } catch (error) {
      // Deleted between the state read and this one: it leads nowhere now.
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}

function facts(tournament: Tournament): TournamentFacts {
  const { name, description, game, format, status, startsAt, rounds } = tournament;
  return { name, description, game, format, status, startsAt, rounds };
}
