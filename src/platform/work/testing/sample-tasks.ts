import { ConflictError } from '../../../kernel/domain-error';

/** A refusal a task throws that the caller handles by class. */
export class SampleRefusal extends ConflictError {
  constructor(what: string) {
    super('conflict', `refused: ${what}`, { what });
  }
}

/** Tasks for the worker pool's spec: plain values in and out, a refusal, a slow one, a generator, one that outgrows its heap. */
export const SAMPLE_TASKS = {
  sum: (values: number[]) => values.reduce((total, value) => total + value, 0),
  refuse: (what: string): never => {
    throw new SampleRefusal(what);
  },
  busy: (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
    return ms;
  },
  /** Yields 1..count, `pauseMs` of work before each; past `failAt` it throws instead. */
  *countTo(count: number, pauseMs: number, failAt?: number): Generator<number, string> {
    for (let value = 1; value <= count; value++) {
      const until = Date.now() + pauseMs;
      while (Date.now() < until);
      if (value === failAt) throw new SampleRefusal(`chunk ${value}`);
      yield value;
    }
    return `counted to ${count}`;
  },
  exhaustHeap: () => {
    const hoard: number[][] = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i));
  },
};
