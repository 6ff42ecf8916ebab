import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { RECORD_ANSWERS } from './built-server';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

/** Ports free right now on 127.0.0.1, so parallel test runs on one machine do not collide. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: chosen } = probe.address() as { port: number };
        probe.close(() => resolve(chosen));
      });
    });
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

/** Real server processes (the built dist/main.js) on this run's database, one per port; ready when this resolves. */
export async function startServers(ports: number[], env: Record<string, string>): Promise<ChildProcess[]> {
  const servers = ports.map((port) =>
    spawn(process.execPath, ['--require', RECORD_ANSWERS, MAIN], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'warn', WEBHOOK_CONCURRENCY: '0', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await Promise.all(ports.map(waitReady));
  return servers;
}

export async function stopServers(servers: ChildProcess[]): Promise<void> {
  await Promise.all(servers.map(stop));
}

async function waitReady(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on port ${port} did not become ready`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
