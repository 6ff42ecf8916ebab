import { AppConfig } from '../config/app-config';
import { StreamAccess, StreamSink } from './domain/stream-access';
import { EventStreams, OpenStream } from './event-streams.service';
import { InMemoryEventStore } from './testing/in-memory-event-store';

/** A response that takes what it is given, up to `capacity` unread bytes while `reading` is off. */
class FakeSink implements StreamSink {
  readonly frames: string[] = [];
  buffered = 0;
  ended = false;
  reading = true;
  private readonly closeListeners: (() => void)[] = [];

  write(chunk: string | Buffer): void {
    this.frames.push(chunk.toString());
    if (!this.reading) this.buffered += chunk.length;
  }

  drained(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => setTimeout(() => resolve(this.reading), this.reading ? 0 : timeoutMs));
  }

  end(): void {
    this.ended = true;
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  ids(): number[] {
    // A write may carry several messages (what arrived together).
    return [...this.frames.join('').matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
  }
}

class FixedAccess extends StreamAccess {
  valid = new Set<string>(['token-a', 'token-b']);
  stillValid(credentials: string[]): Promise<Set<string>> {
    return Promise.resolve(new Set(credentials.filter((credential) => this.valid.has(credential))));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('EventStreams', () => {
  const config = AppConfig.fromEnvironment({}).with({ eventStreamsPerAccount: 2, eventStreamBufferBytes: 200, eventStreamStallMs: 30 });
  let store: InMemoryEventStore;
  let access: FixedAccess;
  let streams: EventStreams;
  const open = async (sink: FakeSink, request: Partial<OpenStream> = {}) => {
    const head = await store.head(request.accountId ?? 'a');
    streams.open({ accountId: 'a', credential: 'token-a', filters: {}, after: head, head, ...request }, sink);
  };

  beforeEach(() => {
    store = new InMemoryEventStore();
    access = new FixedAccess();
    streams = new EventStreams(store, access, config);
  });

  it('replays from the position asked for, then sends live events once, in order, to every stream of the account', async () => {
    for (let i = 0; i < 5; i++) store.add('a', 'league.created');
    const replaying = new FakeSink();
    const live = new FakeSink();
    await open(replaying, { after: 2 });
    await open(live);
    await settle();
    store.add('a', 'league.updated');
    store.add('b', 'league.updated');
    streams.wake('a');
    await settle();
    expect(replaying.ids()).toEqual([3, 4, 5, 6]);
    expect(live.ids()).toEqual([6]);
  });

  it('applies the filters and still moves past what they skip', async () => {
    const sink = new FakeSink();
    await open(sink, { filters: { types: ['match.reported'], tournamentId: 't1' } });
    store.add('a', 'match.reported', {}, 't1');
    store.add('a', 'match.reported', {}, 't2');
    store.add('a', 'league.created');
    store.add('a', 'match.reported', {}, 't1');
    streams.wake('a');
    await settle();
    expect(sink.ids()).toEqual([1, 4]);
  });

  it('writes the events that arrive together as one chunk, within the buffer bound', async () => {
    streams = new EventStreams(store, access, config.with({ eventStreamBufferBytes: 4096 }));
    const sink = new FakeSink();
    await open(sink);
    await settle();
    store.add('a', 'league.created');
    store.add('a', 'league.updated');
    streams.wake('a');
    await settle();
    expect(sink.ids()).toEqual([1, 2]);
    expect(sink.frames).toHaveLength(1);
  });

  it('sends what this instance’s sequencer numbered without reading it back, and reads the log when a gap shows', async () => {
    const sink = new FakeSink();
    await open(sink);
    await settle();
    expect(streams.accountsFollowed()).toEqual(['a']);
    const reads = jest.spyOn(store, 'readTails');
    const first = store.add('a', 'league.created');
    streams.numbered([{ ...first, accountId: 'a' }, { ...store.add('b', 'league.created'), accountId: 'b' }]);
    expect(sink.ids()).toEqual([1]);
    // The notification of what was handed over finds nothing to read.
    streams.wake('a', 1);
    await settle();
    expect(reads).not.toHaveBeenCalled();
    // Event 2 was numbered by another instance: 3 cannot follow 1, so the log is read for both.
    store.add('a', 'league.updated');
    const third = store.add('a', 'league.updated');
    streams.numbered([{ ...third, accountId: 'a' }]);
    await settle();
    expect(reads).toHaveBeenCalled();
    expect(sink.ids()).toEqual([1, 2, 3]);
  });

  it('refuses a stream past the account’s limit', async () => {
    await open(new FakeSink());
    await open(new FakeSink());
    expect(() => streams.admit('a')).toThrow(expect.objectContaining({ code: 'event_streams_exceeded' }));
    expect(() => streams.admit('b')).not.toThrow();
  });

  it('stops writing to a client that does not read, and drops it when it does not catch up in time', async () => {
    const slow = new FakeSink();
    slow.reading = false;
    await open(slow, { after: 0 });
    for (let i = 0; i < 100; i++) store.add('a', 'league.created', { padding: 'x'.repeat(50) });
    streams.wake('a');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(slow.ended).toBe(true);
    // It got past the bound by at most one message before it was paused.
    expect(slow.ids().length).toBeLessThan(5);
    expect(streams.openCount('a')).toBe(0);
  });

  it('ends the streams whose token no longer works, and every stream at shutdown', async () => {
    const a = new FakeSink();
    const b = new FakeSink();
    await open(a);
    await open(b, { accountId: 'b', credential: 'token-b' });
    access.valid.delete('token-a');
    await streams.recheck(['a']);
    expect([a.ended, b.ended]).toEqual([true, false]);
    streams.beforeApplicationShutdown();
    expect(b.ended).toBe(true);
  });

  it('ends a stream whose unsent events were swept (its reconnect gets 410)', async () => {
    for (let i = 0; i < 3; i++) store.add('a', 'league.created');
    store.expireThrough('a', 2);
    const sink = new FakeSink();
    await open(sink, { after: 0 });
    await settle();
    expect(sink.ended).toBe(true);
  });
});
