/**
 * Running pure functions off the event loop, by name. A module lists the functions it offloads in a task table
 * (a plain object of functions, in a file that imports no framework) and asks for them by name with plain
 * arguments; where they run (a worker thread, or inline in tests) is the adapter's business.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of any pure functions; run() recovers each one's types
export type TaskTable = Record<string, (...args: any[]) => unknown>;

export type TaskName<Tasks extends TaskTable> = keyof Tasks & string;

export abstract class Offload<Tasks extends TaskTable> {
  abstract run<K extends TaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>>;
}

/** Runs each task at once on the caller's thread: for service specs and the command line, where no loop serves others. */
export class InlineOffload<Tasks extends TaskTable> extends Offload<Tasks> {
  constructor(private readonly tasks: Tasks) {
    super();
  }

  async run<K extends TaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>> {
    return (await this.tasks[name](...args)) as Awaited<ReturnType<Tasks[K]>>;
  }
}
