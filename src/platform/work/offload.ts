import { ChunkedRun, ChunkQueue } from './chunks';

/**
 * Running pure functions off the event loop, by name. A module lists the functions it offloads in a task table
 * (a plain object of functions, in a file that imports no framework) and asks for them by name with plain
 * arguments; where they run (a worker thread, or inline in tests) is the adapter's business.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of any pure functions; run() recovers each one's types
export type TaskTable = Record<string, (...args: any[]) => unknown>;

export type TaskName<Tasks extends TaskTable> = keyof Tasks & string;

/** The tasks of a table that are generators: they hand their output over in chunks (`stream`). */
export type ChunkedTaskName<Tasks extends TaskTable> = {
  [K in TaskName<Tasks>]: ReturnType<Tasks[K]> extends Generator ? K : never;
}[TaskName<Tasks>];

type Yielded<Task> = Task extends (...args: never[]) => Generator<infer Chunk, unknown, unknown> ? Chunk : never;
type Returned<Task> = Task extends (...args: never[]) => Generator<unknown, infer Result, unknown> ? Result : never;
export type ChunkedRunOf<Task> = ChunkedRun<Yielded<Task>, Returned<Task>>;

export abstract class Offload<Tasks extends TaskTable> {
  abstract run<K extends TaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>>;

  /** Runs a generator task: its chunks can be read while it still computes the next ones. */
  abstract stream<K extends ChunkedTaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): ChunkedRunOf<Tasks[K]>;
}

/** Runs each task at once on the caller's thread: for service specs and the command line, where no loop serves others. */
export class InlineOffload<Tasks extends TaskTable> extends Offload<Tasks> {
  constructor(private readonly tasks: Tasks) {
    super();
  }

  async run<K extends TaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>> {
    return (await this.tasks[name](...args)) as Awaited<ReturnType<Tasks[K]>>;
  }

  stream<K extends ChunkedTaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): ChunkedRunOf<Tasks[K]> {
    const queue = new ChunkQueue<Yielded<Tasks[K]>, Returned<Tasks[K]>>();
    try {
      const generator = this.tasks[name](...args) as Generator<Yielded<Tasks[K]>, Returned<Tasks[K]>>;
      for (let step = generator.next(); ; step = generator.next()) {
        if (step.done) {
          queue.finish(step.value);
          break;
        }
        queue.push(step.value);
      }
    } catch (error) {
      queue.fail(error);
    }
    return queue;
  }
}
