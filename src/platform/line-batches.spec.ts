import { LineBatches, LineSink } from './line-batches';

class RecordingSink implements LineSink {
  readonly written: string[] = [];
  flushedSync = 0;
  write(data: string): void {
    this.written.push(data);
  }
  flush(callback?: () => unknown): void {
    callback?.();
  }
  flushSync(): void {
    this.flushedSync++;
  }
  end(): void {}
}

describe('LineBatches', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hands lines on as one string once enough characters wait', () => {
    const sink = new RecordingSink();
    const batches = new LineBatches(sink, 10, 100);
    batches.write('abcd\n');
    expect(sink.written).toEqual([]);
    batches.write('efgh\n');
    expect(sink.written).toEqual(['abcd\nefgh\n']);
    batches.write('ijkl\n');
    expect(sink.written).toEqual(['abcd\nefgh\n']);
  });

  it('hands on what waits after flushMs, counted from the first waiting line', () => {
    const sink = new RecordingSink();
    const batches = new LineBatches(sink, 1_000, 100);
    batches.write('one\n');
    jest.advanceTimersByTime(60);
    batches.write('two\n');
    jest.advanceTimersByTime(39);
    expect(sink.written).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sink.written).toEqual(['one\ntwo\n']);
    jest.advanceTimersByTime(1_000);
    expect(sink.written).toEqual(['one\ntwo\n']);
  });

  it('passes waiting lines on before flushing, and at exit writes them synchronously', () => {
    const sink = new RecordingSink();
    const listenersBefore = process.listeners('exit');
    const batches = new LineBatches(sink, 1_000, 100);
    const [atExit] = process.listeners('exit').filter((listener) => !listenersBefore.includes(listener)) as (() => void)[];
    process.removeListener('exit', atExit);
    batches.write('flushed\n');
    const flushed = jest.fn();
    batches.flush(flushed);
    expect(sink.written).toEqual(['flushed\n']);
    expect(flushed).toHaveBeenCalled();
    batches.write('last words\n');
    atExit();
    expect(sink.written).toEqual(['flushed\n', 'last words\n']);
    expect(sink.flushedSync).toBe(1);
    atExit(); // nothing waiting: the destination, perhaps ended by now, is left alone
    expect(sink.flushedSync).toBe(1);
  });
});
