import { InlineOffload } from './offload';
import { SampleRefusal, SAMPLE_TASKS } from './testing/sample-tasks';

describe('InlineOffload', () => {
  const offload = new InlineOffload(SAMPLE_TASKS);

  it('runs a generator task to its end and hands over its chunks and result', async () => {
    const run = offload.stream('countTo', 3, 0);
    const seen: number[] = [];
    for await (const value of run.chunks) seen.push(value);
    expect(seen).toEqual([1, 2, 3]);
    expect(await run.result).toBe('counted to 3');
  });

  it('reads the chunks before a failure, then the failure', async () => {
    const run = offload.stream('countTo', 3, 0, 2);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const value of run.chunks) seen.push(value);
      })(),
    ).rejects.toBeInstanceOf(SampleRefusal);
    expect(seen).toEqual([1]);
    await expect(run.result).rejects.toBeInstanceOf(SampleRefusal);
  });
});
