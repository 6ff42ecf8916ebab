import { SampleRefusal, SAMPLE_TASKS } from './testing/sample-tasks';
import { WorkerPool, WorkQueueFullError, WorkTimeoutError } from './worker-pool';

type SampleTasks = typeof SAMPLE_TASKS;

describe('WorkerPool', () => {
  let pool: WorkerPool<SampleTasks>;

  function start(threads: number, maxQueued: number): WorkerPool<SampleTasks> {
    pool = new WorkerPool<SampleTasks>({
      module: require.resolve('./testing/sample-tasks'),
      exportName: 'SAMPLE_TASKS',
      threads,
      maxQueued,
      taskTimeoutMs: 2_000,
      maxHeapMb: 64,
      errorTypes: [SampleRefusal],
    });
    return pool;
  }

  afterEach(() => pool.close());

  it('runs a task of the table by name in a worker thread', async () => {
    expect(await start(1, 4).run('sum', [1, 2, 3])).toBe(6);
  });

  it('rebuilds a known error as its own class, with its fields', async () => {
    const refusal = await start(1, 4)
      .run('refuse', 'that')
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SampleRefusal);
    expect(refusal).toMatchObject({ code: 'conflict', message: 'refused: that', extensions: { what: 'that' } });
  });

  it('keeps the event loop free while a task computes', async () => {
    const started = Date.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await start(1, 4).run('busy', 300);
    clearInterval(timer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ticks).toBeGreaterThan(5);
  });

  it('queues at most maxQueued tasks behind busy threads and refuses the next at once with 503', async () => {
    start(1, 1);
    const running = pool.run('busy', 200);
    const queued = pool.run('sum', [2, 2]);
    await expect(pool.run('sum', [1])).rejects.toBeInstanceOf(WorkQueueFullError);
    expect(pool.load()).toEqual({ running: 1, queued: 1 });
    expect(await running).toBe(200);
    expect(await queued).toBe(4);
  });

  it('hands a generator task\'s chunks over while it still computes, then what it returned', async () => {
    const run = start(1, 4).stream('countTo', 5, 60);
    const seen: { value: number; at: number }[] = [];
    const started = Date.now();
    for await (const value of run.chunks) seen.push({ value, at: Date.now() - started });
    expect(seen.map(({ value }) => value)).toEqual([1, 2, 3, 4, 5]);
    // The first chunk arrived long before the last was computed.
    expect(seen[0].at).toBeLessThan(seen[4].at - 120);
    expect(await run.result).toBe('counted to 5');
  });

  it('fails a chunked run where its task throws, as the known class, after the chunks before it', async () => {
    const run = start(1, 4).stream('countTo', 5, 0, 3);
    const seen: number[] = [];
    const failure = await (async () => {
      for await (const value of run.chunks) seen.push(value);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([1, 2]);
    expect(failure).toBeInstanceOf(SampleRefusal);
    await expect(run.result).rejects.toBeInstanceOf(SampleRefusal);
    expect(await pool.run('sum', [1, 2])).toBe(3);
  });

  it('ends a task that runs past its bound with 503, and goes on with a new thread', async () => {
    start(1, 4);
    await expect(pool.run('busy', 5_000)).rejects.toBeInstanceOf(WorkTimeoutError);
    expect(await pool.run('sum', [1, 1])).toBe(2);
  }, 30_000);

  it('fails only the task whose thread runs out of heap, and goes on with a new thread', async () => {
    start(1, 4);
    await expect(pool.run('exhaustHeap')).rejects.toThrow();
    expect(await pool.run('sum', [40, 2])).toBe(42);
  }, 30_000);
});
