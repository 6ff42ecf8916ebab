import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
/** Records what the server answers for the run's OpenAPI coverage check (openapi-coverage.ts). */
export const RECORD_ANSWERS = join(__dirname, 'record-answers.cjs');

/** The built server (`node dist/main.js`) as a child process, with its stdout collected. */
export interface BuiltServer {
  readonly child: ChildProcess;
  /** Everything written to stdout so far. */
  output(): string;
  /** Resolves with the output once it matches `pattern`; rejects if the process exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` (to the whole process group when run in a terminal) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built server on this run's test database with `env` added.
 * `terminal: true` runs it under `script`, so its stdout is a pseudo-terminal
 * as in an operator's shell.
 */
export function startBuiltServer(env: Record<string, string>, options: { terminal?: boolean } = {}): BuiltServer {
  const fullEnv = { ...process.env, HOST: '127.0.0.1', DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'warn', WEBHOOK_CONCURRENCY: '0', ...env };
  const child = options.terminal
    ? spawn('script', ['-qfec', `exec '${process.execPath}' --require '${RECORD_ANSWERS}' '${MAIN}'`, '/dev/null'], { env: fullEnv, detached: true, stdio: ['pipe', 'pipe', 'ignore'] })
    : spawn(process.execPath, ['--require', RECORD_ANSWERS, MAIN], { env: fullEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    output: () => output,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`server did not print ${pattern} in ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return output;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        if (options.terminal) process.kill(-child.pid!, signal);
        else child.kill(signal);
      }
      return exited;
    },
  };
}

/** Removes terminal colour codes and carriage returns. */
export function plainText(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');
}

/**
 * The built server on 127.0.0.1:`port`, once /health/ready answers 200. The
 * database timeout is generous on a machine shared by several test runs,
 * unless `env` sets it (the test is about it).
 */
export async function startReadyServer(port: number, env: Record<string, string>, readyWithinMs = 20_000): Promise<BuiltServer> {
  const server = startBuiltServer({ DATABASE_TIMEOUT_MS: '10000', ...env, PORT: String(port) });
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline && server.child.exitCode === null) {
    if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((response) => response.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`node dist/main.js did not become ready on port ${port}:\n${server.output()}`);
}
