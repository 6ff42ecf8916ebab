import { Worker } from 'node:worker_threads';
import { ServiceUnavailableError } from '../../kernel/domain-error';
import { ChunkQueue } from './chunks';
import { ChunkedRunOf, ChunkedTaskName, Offload, TaskName, TaskTable } from './offload';

export interface WorkerPoolOptions {
  /** The module (absolute path) whose `exportName` export is the task table; it is loaded in each worker. */
  module: string;
  exportName: string;
  /** Modules each worker loads first, for what they register (a format registered beyond the built-ins). */
  preload?: readonly string[];
  threads: number;
  /** Tasks waiting for a free thread beyond which run() refuses at once (503): the wait stays bounded. */
  maxQueued: number;
  /** Longest a task may run: past it its thread is ended (a computation cannot be interrupted otherwise) and it fails. */
  taskTimeoutMs: number;
  /** Old-space heap of each worker: a task past it ends that worker (and fails), never the process. */
  maxHeapMb: number;
  /** Error classes a task may throw that the caller handles by class (domain errors): rebuilt as themselves. */
  errorTypes: (abstract new (...args: never[]) => Error)[];
}

/** A task ran past its bound: its thread was ended. */
export class WorkTimeoutError extends ServiceUnavailableError {
  constructor() {
    super('The service could not finish this large request in time. Retry shortly.', 5);
  }
}

/** Every thread is busy and the queue is full: the instance is at capacity, another instance or a retry may do. */
export class WorkQueueFullError extends ServiceUnavailableError {
  constructor() {
    super('The service is busy with other large requests. Retry shortly.', 2);
  }
}

interface Job {
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Set for a generator task: receives each chunk it yields. */
  chunk?(value: unknown): void;
}

interface SentError {
  className: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

type Reply = { id: number; value: unknown } | { id: number; chunk: unknown } | { id: number; error: SentError };

/**
 * The worker's first lines: load the task table and answer `{ id, name, args }` messages. Run from source (the
 * tests), the table is TypeScript: it is compiled on load with the same compiler the tests use.
 */
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
// Linux schedules each thread on its own: a lower priority for this one keeps the event loop's thread first in line
// for the CPU (pid 0 is the calling thread). Where the system refuses, the thread runs at the process's priority.
try {
  require('node:os').setPriority(0, 10);
} catch {}
if (workerData.module.endsWith('.ts')) {
  const { transformSync } = require('@swc/core');
  const { readFileSync } = require('node:fs');
  require.extensions['.ts'] = (module, filename) => {
    const options = { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
    module._compile(transformSync(readFileSync(filename, 'utf8'), options).code, filename);
  };
}
for (const module of workerData.preload) require(module);
const tasks = require(workerData.module)[workerData.exportName];
parentPort.on('message', async ({ id, name, args, chunked }) => {
  try {
    if (chunked) {
      const generator = tasks[name](...args);
      let step;
      while (!(step = generator.next()).done) parentPort.postMessage({ id, chunk: step.value });
      parentPort.postMessage({ id, value: step.value });
      return;
    }
    parentPort.postMessage({ id, value: await tasks[name](...args) });
  } catch (error) {
    const fields = {};
    for (const key of Object.keys(error ?? {})) fields[key] = error[key];
    let sent = { id, error: { className: error?.constructor?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack, fields } };
    try {
      parentPort.postMessage(sent);
    } catch {
      sent.error.fields = {};
      parentPort.postMessage(sent);
    }
  }
});
`;

class Thread {
  readonly worker: Worker;
  job: (Job & { id: number }) | undefined;
  deadline: NodeJS.Timeout | undefined;

  constructor(options: WorkerPoolOptions, onReply: (thread: Thread, reply: Reply) => void, onExit: (thread: Thread, error: Error) => void) {
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { module: options.module, exportName: options.exportName, preload: options.preload ?? [] },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    // Idle threads do not keep the process alive (the command line, a test that forgets to close).
    this.worker.unref();
    let failure: Error | undefined;
    this.worker.on('message', (reply: Reply) => onReply(this, reply));
    this.worker.on('error', (error) => (failure = error));
    this.worker.on('exit', (code) => onExit(this, failure ?? new Error(`A worker thread exited with code ${code} while running a task.`)));
  }
}

/**
 * A fixed set of worker threads running a task table's functions, with a bounded queue in front. Arguments and
 * results cross by structured clone, so a task should take and return few objects: large data as one string.
 */
export class WorkerPool<Tasks extends TaskTable> extends Offload<Tasks> {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private readonly errorTypes: Map<string, abstract new (...args: never[]) => Error>;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    super();
    this.errorTypes = new Map(options.errorTypes.map((type) => [type.name, type]));
  }

  run<K extends TaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>> {
    if (this.closed) return Promise.reject(new ServiceUnavailableError('The service is shutting down. Retry on another instance.', 1));
    return new Promise((resolve, reject) => this.submit({ name, args, resolve: resolve as (value: unknown) => void, reject }));
  }

  stream<K extends ChunkedTaskName<Tasks>>(name: K, ...args: Parameters<Tasks[K]>): ChunkedRunOf<Tasks[K]> {
    const queue = new ChunkQueue() as ChunkQueue<unknown, unknown>;
    if (this.closed) queue.fail(new ServiceUnavailableError('The service is shutting down. Retry on another instance.', 1));
    else this.submit({ name, args, resolve: (value) => queue.finish(value), reject: (error) => queue.fail(error), chunk: (value) => queue.push(value) });
    return queue as unknown as ChunkedRunOf<Tasks[K]>;
  }

  private submit(job: Job): void {
    const idle = this.idleThread();
    if (idle) return this.start(idle, job);
    if (this.queue.length >= this.options.maxQueued) return job.reject(new WorkQueueFullError());
    this.queue.push(job);
  }

  /** Tasks running and waiting, for metrics and tests. */
  load(): { running: number; queued: number } {
    return { running: this.threads.filter((thread) => thread.job).length, queued: this.queue.length };
  }

  /** Nest calls it at shutdown: waiting tasks fail with 503, the threads end. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ServiceUnavailableError('The service is shutting down. Retry on another instance.', 1));
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private idleThread(): Thread | undefined {
    const idle = this.threads.find((thread) => !thread.job);
    if (idle) return idle;
    if (this.threads.length >= this.options.threads) return undefined;
    const thread = new Thread(
      this.options,
      (from, reply) => this.settle(from, reply),
      (from, error) => this.lose(from, error),
    );
    this.threads.push(thread);
    return thread;
  }

  private start(thread: Thread, job: Job): void {
    thread.job = { ...job, id: this.nextId++ };
    // A busy thread keeps the process alive until its task is answered.
    thread.worker.ref();
    thread.deadline = setTimeout(() => this.expire(thread), this.options.taskTimeoutMs);
    thread.worker.postMessage({ id: thread.job.id, name: job.name, args: job.args, chunked: job.chunk !== undefined });
  }

  private settle(thread: Thread, reply: Reply): void {
    const job = thread.job;
    if (!job || job.id !== reply.id) return;
    if ('chunk' in reply) return job.chunk?.(reply.chunk);
    thread.job = undefined;
    clearTimeout(thread.deadline);
    thread.worker.unref();
    if ('error' in reply) job.reject(this.rebuilt(reply.error));
    else job.resolve(reply.value);
    this.next();
  }

  private expire(thread: Thread): void {
    const job = thread.job;
    if (!job) return;
    thread.job = undefined;
    job.reject(new WorkTimeoutError());
    // Out of the pool at once (no task goes to a thread being ended); a new thread takes the queue on.
    this.threads.splice(this.threads.indexOf(thread), 1);
    void thread.worker.terminate();
    if (!this.closed) this.next();
  }

  /** A thread died (out of memory, a crash, a timeout): its task fails, a new thread takes the queue on. */
  private lose(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    clearTimeout(thread.deadline);
    thread.job?.reject(error);
    thread.job = undefined;
    if (!this.closed) this.next();
  }

  private next(): void {
    while (this.queue.length > 0) {
      const thread = this.idleThread();
      if (!thread) return;
      this.start(thread, this.queue.shift()!);
    }
  }

  /** The error a task threw, as the class the caller expects when it is a known one. */
  private rebuilt(sent: SentError): Error {
    const type = this.errorTypes.get(sent.className);
    const error: Error = type ? Object.create(type.prototype as object) : new Error(sent.message);
    return Object.assign(error, sent.fields, { message: sent.message, stack: sent.stack });
  }
}
