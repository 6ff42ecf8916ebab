import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { sendWebhook } from '../../src/webhooks/delivery/webhook-sender';

/** The sender against a local server: it pins the connection to the address it checked. */
describe('sending a webhook to a local server', () => {
  it('connects to the address it checked, not to a second lookup', async () => {
    const server = createServer((request, response) => response.end(`host ${request.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      let lookups = 0;
      const resolve = () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      };
      const result = await sendWebhook(`http://receiver.test:${port}/hook`, {}, '{}', { timeoutMs: 1_000, allowHosts: ['receiver.test'], resolve });
      expect(result.outcome).toEqual({ ok: true, statusCode: 200 });
      expect(result.responseBody).toBe(`host receiver.test:${port}`);
      expect(lookups).toBe(1);
    } finally {
      server.close();
    }
  });
});
