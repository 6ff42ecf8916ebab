import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventWakeups } from '../events/event-wakeups';
import { LivePatch, changedParts } from './dto/viewer-pages';
import { REVALIDATE_AFTER_MS, SharedView, SharedViewNotFoundError, ViewingService } from './viewing.service';

/**
 * What a viewer's stream is sent: the parts to swap and the state they bring the page to, as the Server-Sent Events
 * frame itself (serialised once, however many viewers it goes to); or that the link is gone.
 */
export type LiveMessage = { kind: 'update'; state: string; frame: Buffer } | { kind: 'gone' };

export function updateMessage(state: string, parts: LivePatch[]): LiveMessage {
  const data = JSON.stringify({ state, parts: parts.map(({ id, html, parent, before }) => (parent === undefined ? { id, html } : { id, html, parent, before })) });
  return { kind: 'update', state, frame: Buffer.from(`event: update\nid: ${state}\ndata: ${data}\n\n`, 'utf8') };
}

type Listener = (message: LiveMessage) => void;

interface Watch {
  listeners: Set<Listener>;
  /** Ends each open stream (on shutdown; its viewers reconnect to another instance). */
  closers: Map<Listener, () => void>;
  last: SharedView;
  timer: NodeJS.Timeout;
  ticking: boolean;
  /** A wake-up came while a check was running (it may have read the state before that commit): check again after. */
  again: boolean;
}

/**
 * The live side of the viewer pages: one watch per share link with open streams, on this instance, however many
 * viewers follow it. Once a second it asks ViewingService for the current view (the same cached, single-flight
 * revalidation the pages use: one state read a second) and, when the state changed, sends every viewer the parts
 * that differ, rendered once.
 */
@Injectable()
export class LiveViews implements OnModuleInit, OnModuleDestroy {
  private readonly watches = new Map<string, Watch>();
  private stopListening?: () => void;
  private stopDrops?: () => void;

  constructor(
    private readonly viewing: ViewingService,
    private readonly wakeups: EventWakeups,
  ) {}

  /**
   * New events of an account (the log's notification) refresh its watched views at once, not at the next tick; a
   * dropped link ends its streams at once.
   */
  onModuleInit(): void {
    this.stopListening = this.wakeups.listen((accountId) => {
      for (const [shareId, watch] of this.watches) if (watch.last.accountId === accountId) void this.tick(shareId);
    });
    this.stopDrops = this.viewing.onDrop((shareId) => {
      if (this.watches.has(shareId)) void this.tick(shareId);
    });
  }

  /** Follows a share link from `view` on; returns the function that stops following. */
  follow(view: SharedView, listener: Listener, close: () => void): () => void {
    let watch = this.watches.get(view.shareId);
    if (!watch) {
      const timer = setInterval(() => void this.tick(view.shareId), REVALIDATE_AFTER_MS);
      timer.unref();
      watch = { listeners: new Set(), closers: new Map(), last: view, timer, ticking: false, again: false };
      this.watches.set(view.shareId, watch);
    }
    watch.listeners.add(listener);
    watch.closers.set(listener, close);
    // A viewer whose page is older than the state this watch has seen catches up at once.
    if (watch.last !== view && watch.last.state !== view.state) listener(updateMessage(watch.last.state, changedParts(view.liveParts(), watch.last.liveParts())));
    const current = watch;
    return () => {
      current.listeners.delete(listener);
      current.closers.delete(listener);
      if (current.listeners.size === 0 && this.watches.get(view.shareId) === current) this.stop(view.shareId);
    };
  }

  /** Open watches (share links followed on this instance), for tests and metrics. */
  get size(): number {
    return this.watches.size;
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    this.stopDrops?.();
    for (const [shareId, watch] of [...this.watches]) {
      for (const close of watch.closers.values()) close();
      this.stop(shareId);
    }
  }

  private async tick(shareId: string): Promise<void> {
    const watch = this.watches.get(shareId);
    if (!watch) return;
    if (watch.ticking) {
      watch.again = true;
      return;
    }
    watch.ticking = true;
    watch.again = false;
    try {
      const next = await this.viewing.current(shareId);
      if (next.state === watch.last.state) return;
      const parts = changedParts(watch.last.liveParts(), next.liveParts());
      watch.last = next;
      // A new state that looks the same (its events were numbered after the page was read): nothing to swap.
      if (parts.length === 0) return;
      const message = updateMessage(next.state, parts);
      for (const listener of watch.listeners) listener(message);
    } catch (error) {
      if (!(error instanceof SharedViewNotFoundError)) return; // an outage: try again next second
      for (const listener of watch.listeners) listener({ kind: 'gone' });
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
    this.watches.delete(shareId);
  }
}
