import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

jest.setTimeout(60_000);

/** Issue 42: the POSTs that take no body work as docs/viewing.md and docs/webhooks.md show them, without a Content-Type. */
describe('POSTs that take no body need no Content-Type', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let receiver: Server;

  beforeAll(async () => {
    receiver = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    testApp = await startTestApp({ webhookAllowHosts: ['127.0.0.1'] });
    owner = await createPremiumAccount(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** As curl sends `curl -X POST URL -H "Authorization: …"`: no Content-Type, no body. */
  const bare = (url: string, extra: { headers?: Record<string, string>; payload?: string } = {}) =>
    testApp.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${owner.token}`, ...extra.headers }, payload: extra.payload });

  it('rotates a share link, sends a test delivery and rotates a webhook secret', async () => {
    const tournament = (await testApp.http.post('/api/v1/tournaments', { name: 'Bare cup', format: 'swiss', visibility: 'unlisted' }, { token: owner.token })).json() as {
      id: string;
      share_id: string;
    };
    const rotated = await bare(`/api/v1/tournaments/${tournament.id}/share/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect((rotated.json() as { share_id: string }).share_id).not.toBe(tournament.share_id);

    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const webhook = (await testApp.http.post('/api/v1/webhooks', { url, event_types: ['league.created'] }, { token: owner.token })).json() as { id: string };
    const test = await bare(`/api/v1/webhooks/${webhook.id}/test`);
    expect(test.statusCode).toBe(202);
    const secret = await bare(`/api/v1/webhooks/${webhook.id}/rotate-secret`);
    expect(secret.statusCode).toBe(200);
    expect(secret.json()).toMatchObject({ id: webhook.id, secret: expect.any(String) });
  });

  it('still refuses a body without a Content-Type there, and a POST that takes a body without one', async () => {
    const tournament = (await testApp.http.post('/api/v1/tournaments', { name: 'Typed cup', format: 'swiss', visibility: 'unlisted' }, { token: owner.token })).json() as {
      id: string;
    };
    expectProblem(await bare(`/api/v1/tournaments/${tournament.id}/share/rotate`, { payload: '{"x":1}' }), 415, 'unsupported_media_type');
    expectProblem(await bare('/api/v1/tournaments'), 415, 'unsupported_media_type');
    expectProblem(await bare('/api/v1/leagues', { payload: '{"name":"L"}' }), 415, 'unsupported_media_type');
  });
});
