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
