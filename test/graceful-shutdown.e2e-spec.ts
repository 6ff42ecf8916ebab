import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createPremiumAccount } from './support/accounts';
import { startReadyServer } from './support/built-server';
import { startTestApp, TestApp } from './support/test-app';
import { freePorts } from './support/server-processes';

let PORT: number;

/** SIGTERM on the built server: a request already in flight still completes, then the process exits 0. */
describe('graceful shutdown of node dist/main.js', () => {
  let testApp: TestApp;
  let server: ChildProcess;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    [PORT] = await freePorts(1);
    testApp = await startTestApp();
    server = (await startReadyServer(PORT, { LOG_LEVEL: 'warn' })).child;
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  }, 30_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await testApp.close();
  });

  it('finishes a request whose body is still arriving when SIGTERM comes, then exits 0', async () => {
    const { token } = await createPremiumAccount(testApp);
    const body = JSON.stringify({ name: 'Finished during shutdown', format: 'swiss' });
    const socket = connect(PORT, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // New connections are no longer accepted while the in-flight request finishes.
    await expect(fetch(`http://127.0.0.1:${PORT}/health/live`)).rejects.toThrow();
    socket.write(body.slice(10));
    const raw = await response;
    expect(raw).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(raw).toContain('Finished during shutdown');
    expect(await exited).toBe(0);
  });
});
