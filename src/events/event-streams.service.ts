import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { WakeableLoop } from '../platform/concurrency/wakeable-loop';
import { AccountTail, TailEntry } from './domain/account-tail';
import { TooManyEventStreamsError } from './domain/event-errors';
import { AccountEvent, EventStore } from './domain/event-store';
import { EventFilters, matchesFilters } from './domain/stored-event';
import { StreamAccess, StreamSink } from './domain/stream-access';
import { sseFrame } from './dto/event.presenter';

/** Events an account's tail keeps in memory for its streams on this instance. */
const TAIL_CAPACITY = 1024;
const TAIL_BYTES = 4 * 1024 * 1024;
/** Events a stream reads per database page while it catches up. */
const CATCH_UP_PAGE = 200;
/** Events per account per poll; a fuller answer is polled again at once. */
const POLL_LIMIT = 500;
/**
 * Sends of new events to an account's streams, and reads of new events, start at least this far apart: under a
 * burst, what was numbered in the meantime reaches each stream in one write. Every event written costs a system call per stream; with 1 000 streams those calls, not the
 * reads, were most of the instance's CPU (docs/performance.md). A first event after a quiet spell goes at once.
 */
const FAN_OUT_SETTLE_MS = 15;
/** Every open stream's token is checked this often even when no change was notified. */
const ACCESS_RECHECK_MS = 10_000;
const HEARTBEAT = ': heartbeat\n\n';

export interface OpenStream {
  accountId: string;
  /** The token digest the stream was opened with. */
  credential: string;
  filters: EventFilters;
  /** The stream sends the account's events after this sequence. */
  after: number;
  /** The account's last committed sequence, read when the stream was admitted. */
  head: number;
}

class EventStream {
  closed = false;
  /** Catching up from the database or waiting for the client: new events are sent once that is done. */
  busy = false;

  constructor(
    readonly accountId: string,
    readonly credential: string,
    readonly filters: EventFilters,
    public cursor: number,
    readonly sink: StreamSink,
  ) {}
}

/**
 * The live event streams of this instance. One reader per instance polls the log for every account that has a
 * stream open here (at most every EVENT_POLL_MS, at once when a NOTIFY says an account has new events) and keeps
 * each account's newest events in memory, shared by its streams. Each stream sends from its own position: from
 * memory when it is that recent, from the database while it catches up. The log table is the only source: a lost
 * notification delays an event until the next poll, never loses it.
 */
@Injectable()
export class EventStreams implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventStreams');
  private readonly tails = new Map<string, AccountTail>();
  private readonly streams = new Map<string, Set<EventStream>>();
  /** Per account: when its streams were last sent new events, and the send waiting for FAN_OUT_SETTLE_MS to pass. */
  private readonly lastFanOut = new Map<string, number>();
  private readonly waitingFanOut = new Map<string, NodeJS.Timeout>();
  private readonly reader: WakeableLoop;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly access: StreamAccess,
    private readonly config: AppConfig,
  ) {
    this.reader = new WakeableLoop(() => this.readNew(), {
      pollMs: config.eventPollMs,
      settleMs: FAN_OUT_SETTLE_MS,
      onError: (error) => this.logger.warn(`could not read new events: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.reader.start();
    this.timers = [setInterval(() => this.heartbeat(), this.config.eventStreamHeartbeatMs), setInterval(() => void this.recheck(), ACCESS_RECHECK_MS)];
    for (const timer of this.timers) timer.unref();
  }

  /** Shutdown: every stream ends cleanly (its client reconnects elsewhere with Last-Event-ID) before the server closes. */
  beforeApplicationShutdown(): void {
    void this.reader.stop();
    for (const timer of this.timers) clearInterval(timer);
    for (const stream of this.allStreams()) this.close(stream);
  }

  /** How many streams the account has open on this instance. */
  openCount(accountId: string): number {
    return this.streams.get(accountId)?.size ?? 0;
  }

  /** Throws TooManyEventStreamsError when the account is at its limit; call before answering the request. */
  admit(accountId: string): void {
    if (this.openCount(accountId) >= this.config.eventStreamsPerAccount) throw new TooManyEventStreamsError(this.config.eventStreamsPerAccount);
  }

  open(request: OpenStream, sink: StreamSink): void {
    this.admit(request.accountId);
    if (!this.tails.has(request.accountId)) this.tails.set(request.accountId, new AccountTail(request.head, TAIL_CAPACITY, TAIL_BYTES));
    const stream = new EventStream(request.accountId, request.credential, request.filters, request.after, sink);
    let streams = this.streams.get(request.accountId);
    if (!streams) this.streams.set(request.accountId, (streams = new Set()));
    streams.add(stream);
    sink.onClose(() => this.close(stream));
    this.deliver(stream);
    // Events committed between the request's read and now are fetched at once.
    this.reader.wake();
  }

  /**
   * A NOTIFY said the account's events are numbered through `through` (unknown from an older instance): read them
   * now if a stream here wants them and does not have them yet.
   */
  wake(accountId: string, through?: number): void {
    if (!this.tails.has(accountId)) return;
    if (through === undefined) return this.reader.wake();
    // This instance's sequencer may be handing these very events over in this turn (its answer and its
    // notification arrive together): look again once that is done, and read only if they are still missing.
    setImmediate(() => {
      const tail = this.tails.get(accountId);
      if (tail && tail.head < through) this.reader.wake();
    });
  }

  /** The accounts with a stream open here: the sequencer hands their newly numbered events to `numbered`. */
  accountsFollowed(): string[] {
    return [...this.tails.keys()];
  }

  /** Events this instance's sequencer just numbered (committed): sent on at once, without reading them back. */
  numbered(events: AccountEvent[]): void {
    for (const [accountId, entries] of byAccount(events)) {
      const tail = this.tails.get(accountId);
      if (!tail) continue;
      const fresh = entries.filter((entry) => entry.event.sequence > tail.head);
      if (fresh.length === 0) continue;
      // Numbered elsewhere in between (another instance held the sequencer): the reader fills the gap from the log.
      if (fresh[0].event.sequence !== tail.head + 1) {
        this.reader.wake();
        continue;
      }
      tail.push(fresh);
      this.fanOutSoon(accountId);
    }
  }

  /** Ends the streams whose token no longer authenticates an account with API access (all accounts, or these). */
  async recheck(accountIds?: string[]): Promise<void> {
    const streams = accountIds ? accountIds.flatMap((id) => [...(this.streams.get(id) ?? [])]) : [...this.allStreams()];
    if (streams.length === 0) return;
    try {
      const valid = await this.access.stillValid([...new Set(streams.map((stream) => stream.credential))]);
      for (const stream of streams) if (!valid.has(stream.credential)) this.close(stream);
    } catch (error) {
      this.logger.warn(`could not recheck event streams' tokens: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Sends the stream what the tail holds past its position, at once and synchronously: a new event reaches every
   * stream of the account in one pass, without a promise or a timer per stream (with 1 000 streams, those cost the
   * event loop more than the writes). Only a stream that must wait (for the database while it catches up, or for
   * its client to drain its buffer) goes on in the background, and is sent the rest when that is done.
   */
  private deliver(stream: EventStream): void {
    if (stream.closed || stream.busy) return;
    const tail = this.tails.get(stream.accountId);
    if (!tail) return;
    if (!tail.covers(stream.cursor)) return this.inBackground(stream, () => this.catchUp(stream));
    const limit = this.config.eventStreamBufferBytes;
    // What arrived together leaves in one write (one chunk, one system call per stream, not one per event), as long
    // as it fits in the buffer's bound: a reader that stops reading still gets at most one message past it.
    let frames: Buffer[] = [];
    let bytes = 0;
    for (const { event, frame } of tail.after(stream.cursor)) {
      if (matchesFilters(event, stream.filters)) {
        if (bytes > 0 && stream.sink.buffered + bytes + frame.length > limit) {
          stream.sink.write(joined(frames, bytes));
          frames = [];
          bytes = 0;
        }
        // The client is behind: wait for it, then go on from this event.
        if (stream.sink.buffered > limit) return this.inBackground(stream, () => this.waitForClient(stream));
        frames.push(frame);
        bytes += frame.length;
      }
      stream.cursor = event.sequence;
    }
    if (bytes > 0) stream.sink.write(joined(frames, bytes));
    if (stream.sink.buffered > limit) this.inBackground(stream, () => this.waitForClient(stream));
  }

  /** Runs a stream's wait; when it says to go on, sends whatever arrived meanwhile. */
  private inBackground(stream: EventStream, work: () => Promise<boolean>): void {
    stream.busy = true;
    work().then(
      (goOn) => {
        stream.busy = false;
        if (goOn) this.deliver(stream);
      },
      (error: unknown) => {
        this.logger.warn(`an event stream failed: ${error instanceof Error ? error.message : String(error)}`);
        this.close(stream);
      },
    );
  }

  /** Behind what memory holds: one page from the log, paced to the client. False when the stream is gone. */
  private async catchUp(stream: EventStream): Promise<boolean> {
    const read = await this.store.read(stream.accountId, stream.cursor, stream.filters, CATCH_UP_PAGE);
    if (read.expiredThrough > stream.cursor) {
      // The retention sweep took events this stream had not sent: end it; its reconnect gets 410 events_expired.
      this.close(stream);
      return false;
    }
    for (const event of read.events) {
      if (stream.closed) return false;
      stream.cursor = event.sequence;
      if (!(await this.send(stream, sseFrame(event)))) return false;
    }
    // A short page read everything committed up to `head`: the filters skipped the rest.
    if (read.events.length < CATCH_UP_PAGE) stream.cursor = Math.max(stream.cursor, read.head);
    return !stream.closed;
  }

  /** Waits for the client to take its buffer; one that does not within EVENT_STREAM_STALL_MS is dropped. */
  private async waitForClient(stream: EventStream): Promise<boolean> {
    if (await stream.sink.drained(this.config.eventStreamStallMs)) return !stream.closed;
    this.close(stream);
    return false;
  }

  /**
   * Writes one message; past EVENT_STREAM_BUFFER_BYTES waiting in the buffer the stream waits for its client, and
   * a client that does not drain it within EVENT_STREAM_STALL_MS is dropped, so a reader that stops reading costs
   * the server at most one buffer. False when the stream is gone.
   */
  private async send(stream: EventStream, frame: string): Promise<boolean> {
    stream.sink.write(frame);
    if (stream.sink.buffered <= this.config.eventStreamBufferBytes) return true;
    return this.waitForClient(stream);
  }

  /** One read of every account's new events, sent on to its streams; true when a full page says more wait. */
  private async readNew(): Promise<boolean> {
    const positions = [...this.tails].map(([accountId, tail]) => ({ accountId, after: tail.head }));
    const events = await this.store.readTails(positions, POLL_LIMIT);
    let more = false;
    for (const [accountId, entries] of byAccount(events)) {
      if (entries.length >= POLL_LIMIT) more = true;
      const tail = this.tails.get(accountId);
      if (!tail || tail.push(entries) === 0) continue;
      this.fanOutSoon(accountId);
    }
    return more;
  }

  /**
   * Sends the account's streams what their tail holds, at once after a quiet spell, else once FAN_OUT_SETTLE_MS
   * have passed since the last send: under a burst, what was numbered meanwhile leaves in one write per stream.
   */
  private fanOutSoon(accountId: string): void {
    if (this.waitingFanOut.has(accountId)) return;
    const wait = (this.lastFanOut.get(accountId) ?? Number.NEGATIVE_INFINITY) + FAN_OUT_SETTLE_MS - Date.now();
    if (wait <= 0) return this.fanOut(accountId);
    const timer = setTimeout(() => {
      this.waitingFanOut.delete(accountId);
      this.fanOut(accountId);
    }, wait);
    this.waitingFanOut.set(accountId, timer);
  }

  private fanOut(accountId: string): void {
    this.lastFanOut.set(accountId, Date.now());
    for (const stream of this.streams.get(accountId) ?? []) this.deliver(stream);
  }

  private heartbeat(): void {
    for (const stream of this.allStreams()) if (stream.sink.buffered <= this.config.eventStreamBufferBytes) stream.sink.write(HEARTBEAT);
  }

  private close(stream: EventStream): void {
    if (stream.closed) return;
    stream.closed = true;
    stream.sink.end();
    const streams = this.streams.get(stream.accountId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) {
      this.streams.delete(stream.accountId);
      this.tails.delete(stream.accountId);
      this.lastFanOut.delete(stream.accountId);
      clearTimeout(this.waitingFanOut.get(stream.accountId));
      this.waitingFanOut.delete(stream.accountId);
    }
  }

  private *allStreams(): Iterable<EventStream> {
    for (const streams of [...this.streams.values()]) yield* [...streams];
  }
}

function byAccount(events: AccountEvent[]): Map<string, TailEntry[]> {
  const grouped = new Map<string, TailEntry[]>();
  for (const { accountId, ...event } of events) {
    let entries = grouped.get(accountId);
    if (!entries) grouped.set(accountId, (entries = []));
    // Encoded once: every stream writes the same bytes.
    entries.push({ event, frame: Buffer.from(sseFrame(event)) });
  }
  return grouped;
}

function joined(frames: Buffer[], bytes: number): Buffer {
  return frames.length === 1 ? frames[0] : Buffer.concat(frames, bytes);
}
