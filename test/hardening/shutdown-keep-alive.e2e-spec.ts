import type { ChildProcess } from 'node:child_process';
import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount } from '../support/accounts';
import { BuiltServer, startReadyServer } from '../support/built-server';
import { RawConnection } from '../support/raw-http';
import { startTestApp, TestApp } from '../support/test-app';
import { freePorts } from '../support/server-processes';

let PORT: number;
const SHUTDOWN_TIMEOUT_MS = 4_000;

/** SIGTERM while keep-alive clients hold connections, one of them busy: finish, close, exit 0 in time. */
describe('SIGTERM with keep-alive clients', () => {
  let testApp: TestApp;
  let server: ChildProcess;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    [PORT] = await freePorts(1);
    testApp = await startTestApp();
    server = (await startReadyServer(PORT, {
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    })).child;
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  }, 30_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await testApp.close();
  });

  it('finishes the busy request with Connection: close, closes idle sockets, starts nothing new and exits 0 in time', async () => {
    const { token } = await createPremiumAccount(testApp);
    const idle = await RawConnection.open(PORT);
    idle.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await idle.responses(1))[0].status).toBe(200);

    const busy = await RawConnection.open(PORT);
    const body = JSON.stringify({ name: 'Acknowledged during shutdown', format: 'swiss' });
    busy.write(
      `POST /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await Promise.race([idle.closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    expect(idle.isClosed).toBe(true);

    // The rest of the body, and a second request pipelined behind it on the same connection.
    busy.write(`${body.slice(10)}GET /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    const [created, refused] = await busy.responses(2);
    expect(created.status).toBe(201);
    expect(created.headers.connection).toBe('close');
    // The pipelined request is never started: the connection ends after the answer it was busy with (RFC 9112 §9.3.2: the client retries it).
    expect(refused).toBeUndefined();
    await busy.closed;

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const rows = await testApp.app.get(EntityManager).fork().execute(`select 1 from tournaments where name = 'Acknowledged during shutdown'`);
    expect(rows).toHaveLength(1);
  });
});

/** A connection opened ahead of need (a proxy's or a browser's) that has sent nothing yet must not hold shutdown up. */
describe('SIGTERM with a connection that has not sent a request yet', () => {
  // Long enough that waiting it out is unmistakable, short enough for the test's own timeout.
  const GRACE_MS = 15_000;
  let server: BuiltServer;
  let port: number;

  beforeAll(async () => {
    [port] = await freePorts(1);
    server = await startReadyServer(port, { LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: String(GRACE_MS) });
  }, 30_000);

  afterAll(() => server.stop('SIGKILL'));

  it('closes it at once and exits 0 without waiting for the grace period, while a request half sent is still answered', async () => {
    const unused = await RawConnection.open(port);
    const halfSent = await RawConnection.open(port);
    halfSent.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    const exited = server.stop('SIGTERM');
    await Promise.race([unused.closed, exited]);
    expect(unused.isClosed).toBe(true);
    halfSent.write('\r\n');
    const [answer] = await halfSent.responses(1);
    // Shutting down, it refuses the request with a problem another instance can take, instead of cutting the client off mid-request.
    expect({ status: answer?.status, connection: answer?.headers.connection }).toEqual({ status: 503, connection: 'close' });

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS);
    expect(server.output()).not.toContain('requests still running at the shutdown timeout');
  }, 30_000);
});
