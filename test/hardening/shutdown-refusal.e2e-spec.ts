import type { FastifyInstance } from 'fastify';
import { RawConnection } from '../support/raw-http';
import { startTestApp } from '../support/test-app';
import { freePorts } from '../support/server-processes';

let PORT: number;

/** A request that arrives on a kept-alive connection once shutdown has begun is refused as a problem another instance can retry. */
describe('requests arriving during shutdown', () => {
  it('get a problem+json 503 with Retry-After and Connection: close', async () => {
    [PORT] = await freePorts(1);
    const testApp = await startTestApp();
    const fastify = testApp.app.getHttpAdapter().getInstance() as FastifyInstance;
    let answered: Promise<unknown> = Promise.resolve();
    const opened: { connection?: RawConnection } = {};
    // Runs after the server's own preClose hook (shutdown has begun) but before the listening socket closes.
    fastify.addHook('preClose', async () => {
      const connection = opened.connection!;
      connection.write('GET /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      answered = connection.responses(2);
      await answered;
    });
    await testApp.app.listen({ port: PORT, host: '127.0.0.1' });
    const connection = (opened.connection = await RawConnection.open(PORT));
    connection.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await connection.responses(1))[0].status).toBe(200);

    await testApp.close();
    const [, refused] = (await answered) as Awaited<ReturnType<RawConnection['responses']>>;
    expect(refused.status).toBe(503);
    expect(refused.headers).toMatchObject({ 'retry-after': '1', connection: 'close' });
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'service_unavailable', request_id: refused.headers['x-request-id'] });
  });
});
