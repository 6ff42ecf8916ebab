import { setTimeout as nextTurn } from 'node:timers/promises';
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventWakeups } from '../events';
import { LivePatch, changedParts } from './dto/viewer-pages';
import { FanOut } from './fan-out';
import { LiveViewer, SseFrame, sseFrame } from './viewer-socket';
import { REVALIDATE_AFTER_MS, SharedView, SharedViewNotFoundError, ViewingService } from './viewing.service';

/** What a viewer's stream is sent on a change: the parts to swap and the state they bring the page to, as the frame itself. */
export interface LiveUpdate {
  state: string;
  frame: SseFrame;
}

export function updateMessage(state: string, parts: LivePatch[]): LiveUpdate {
  const data = JSON.stringify({ state, parts: parts.map(({ id, html, parent, before }) => (parent === undefined ? { id, html } : { id, html, parent, before })) });
  return { state, frame: sseFrame(`event: update\nid: ${state}\ndata: ${data}\n\n`) };
}

/** The first thing a stream says: how soon to reconnect. */
export const RETRY_FRAME = sseFrame('retry: 1000\n\n');
/** A comment line, so that proxies and the page's stall check see a quiet stream is alive. */
const HEARTBEAT_FRAME = sseFrame(': still here\n\n');
/** The link leads nowhere any more: the stream ends after this. */
const GONE_FRAME = sseFrame('event: gone\ndata: {}\n\n');
const HEARTBEAT_MS = 15_000;
/** The longest a fan-out holds the event loop before letting other work in (the service's budget is 50 ms). */
const FAN_OUT_SLICE_MS = 8;
/**
 * Checks of one share link for an update start at least this far apart, and never while one runs: during a burst of
 * results, one read, rendering and write per viewer covers all that came in the meantime instead of one per result
 * (with 5 000 viewers, each update is 5 000 writes). The first change after a quiet spell goes out at once.
 */
export const UPDATE_SPACING_MS = 400;

interface Watch {
  viewers: Set<LiveViewer>;
  fanOut: FanOut;
  last: SharedView;
  /** The catch-up from an older state to `last`, made once for every viewer that opens from that state. */
  catchUps: Map<string, LiveUpdate>;
  timer: NodeJS.Timeout;
  /** When the last check that found a change began, and the check waiting for UPDATE_SPACING_MS to pass since, if any. */
  changedAt: number;
  spaced?: NodeJS.Timeout;
  ticking: boolean;
  /** A wake-up came while a check was running (it may have read the state before that commit): check again after. */
  again: boolean;
}

/**
 * The live side of the viewer pages: one watch per share link with open streams, on this instance, however many
 * viewers follow it. Once a second (and at once when the log says the account has new events) it asks
 * ViewingService for the current view (the same cached, single-flight revalidation the pages use: one state read a
 * second) and, when the state changed, works out the parts that differ once and sends the same bytes to every viewer
 * (FanOut: in order, in slices of the event loop). Nothing is made per viewer: a viewer that opens from an older state
 * gets a catch-up made once for that state.
 */
@Injectable()
export class LiveViews implements OnModuleInit, OnModuleDestroy {
  private readonly watches = new Map<string, Watch>();
  /** Every part of a view, for viewers whose page is older: made once per view. */
  private readonly wholeViews = new WeakMap<SharedView, LiveUpdate>();
  private stopListening?: () => void;
  private stopDrops?: () => void;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly viewing: ViewingService,
    private readonly wakeups: EventWakeups,
  ) {}

  /**
   * New events of an account (the log's notification) refresh its watched views at once, not at the next tick; a
   * dropped link ends its streams at once. One heartbeat for all streams, not a timer per viewer.
   */
  onModuleInit(): void {
    this.stopListening = this.wakeups.listen((accountId) => {
      for (const [shareId, watch] of this.watches) if (watch.last.accountId === accountId) void this.tick(shareId);
    });
    this.stopDrops = this.viewing.onDrop((shareId) => {
      if (this.watches.has(shareId)) void this.tick(shareId);
    });
    this.heartbeat = setInterval(() => {
      for (const watch of this.watches.values()) watch.fanOut.send(watch.viewers, HEARTBEAT_FRAME);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Follows a share link from `view` (the view the stream's request read) for a page showing state `since`: sends
   * what the page lacks at once, then every change. Returns the function that stops following.
   */
  follow(view: SharedView, since: string | undefined, viewer: LiveViewer): () => void {
    // A page older than this view gets every part at once.
    if (since !== view.state) viewer.write(this.wholeView(view).frame);
    let watch = this.watches.get(view.shareId);
    if (!watch) {
      const timer = setInterval(() => void this.tick(view.shareId), REVALIDATE_AFTER_MS);
      timer.unref();
      watch = { viewers: new Set(), fanOut: new FanOut(FAN_OUT_SLICE_MS), last: view, catchUps: new Map(), timer, changedAt: -Infinity, ticking: false, again: false };
      this.watches.set(view.shareId, watch);
    }
    watch.viewers.add(viewer);
    // A viewer whose view is older than the state this watch has seen catches up at once.
    if (watch.last !== view && watch.last.state !== view.state) viewer.write(this.catchUp(watch, view).frame);
    const current = watch;
    return () => {
      current.viewers.delete(viewer);
      if (current.viewers.size === 0 && this.watches.get(view.shareId) === current) this.stop(view.shareId);
    };
  }

  /** Open watches (share links followed on this instance), for tests and metrics. */
  get size(): number {
    return this.watches.size;
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    this.stopDrops?.();
    clearInterval(this.heartbeat);
    for (const [shareId, watch] of [...this.watches]) {
      for (const viewer of watch.viewers) viewer.end();
      this.stop(shareId);
    }
  }

  private wholeView(view: SharedView): LiveUpdate {
    let update = this.wholeViews.get(view);
    if (!update) this.wholeViews.set(view, (update = updateMessage(view.state, view.liveParts())));
    return update;
  }

  private catchUp(watch: Watch, from: SharedView): LiveUpdate {
    let update = watch.catchUps.get(from.state);
    if (!update) watch.catchUps.set(from.state, (update = updateMessage(watch.last.state, changedParts(from.liveParts(), watch.last.liveParts()))));
    return update;
  }

  private async tick(shareId: string): Promise<void> {
    const watch = this.watches.get(shareId);
    if (!watch) return;
    if (watch.ticking) {
      watch.again = true;
      return;
    }
    const startedAt = Date.now();
    const wait = watch.changedAt + UPDATE_SPACING_MS - startedAt;
    if (wait > 0) {
      watch.spaced ??= setTimeout(() => {
        watch.spaced = undefined;
        void this.tick(shareId);
      }, wait);
      return;
    }
    watch.ticking = true;
    watch.again = false;
    try {
      const next = await this.viewing.current(shareId);
      const previous = watch.last;
      if (next.state === previous.state) return;
      watch.changedAt = startedAt;
      // From here on a viewer who arrives catches up to `next` by itself: the update goes to those here now.
      watch.last = next;
      watch.catchUps.clear();
      const viewers = [...watch.viewers];
      // Building the view, rendering its pieces (a slice a turn), comparing and writing to the viewers each take turns
      // of the event loop of their own, with its timers in between (a setImmediate would run in the same turn as the
      // database's answer): together, on a 1 024-player bracket, they would hold it longer than the 50 ms allowed.
      await next.prepare();
      const parts = changedParts(previous.liveParts(), next.liveParts());
      // A new state that looks the same (its events were numbered after the page was read): nothing to swap.
      if (parts.length === 0) return;
      const frame = updateMessage(next.state, parts).frame;
      await nextTurn(0);
      watch.fanOut.send(viewers, frame);
    } catch (error) {
      if (!(error instanceof SharedViewNotFoundError)) return; // an outage: try again next second
      watch.fanOut.send(watch.viewers, GONE_FRAME, true);
      this.stop(shareId);
    } finally {
      watch.ticking = false;
      if (watch.again && this.watches.get(shareId) === watch) void this.tick(shareId);
    }
  }

  private stop(shareId: string): void {
    const watch = this.watches.get(shareId);
    if (!watch) return;
    clearInterval(watch.timer);
    clearTimeout(watch.spaced);
    this.watches.delete(shareId);
  }
}
