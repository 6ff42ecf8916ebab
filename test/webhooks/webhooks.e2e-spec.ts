import { EntityManager } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import { AppMetrics } from '../../src/metrics/app-metrics';
import { DeliveryQueue } from '../../src/webhooks/persistence/delivery-queue';
import { createAccountWithToken, createPremiumAccount, inRequestContext, TestAccount } from '../support/accounts';
import { expectProblem, startTestApp, TestApp } from '../support/test-app';
import { answer200, Receiver } from './receiver';

interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_response_body: string | null;
  last_error: string | null;
  last_duration_ms: number | null;
}

/** The webhooks API and delivery, in-process, to local receivers (WEBHOOK_ALLOW_HOSTS=127.0.0.1). */
describe('webhooks', () => {
  let testApp: TestApp;
  let account: TestAccount;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    testApp = await startTestApp({ webhookAllowHosts: ['127.0.0.1'], webhookConcurrency: 8, webhookTimeoutMs: 1_000, webhookPollMs: 100, eventPollMs: 100 });
    account = await createPremiumAccount(testApp);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  const receiver = async (behaviour = answer200) => {
    const started = await Receiver.start(behaviour);
    receivers.push(started);
    return started;
  };
  const post = (url: string, body: unknown, who = account) => testApp.http.post(url, body, { token: who.token });
  const createEndpoint = async (body: Record<string, unknown>, who = account) => {
    const response = await post('/api/v1/webhooks', body, who);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; secret: string; enabled: boolean };
  };
  const makeLeague = async (who = account) => {
    const response = await post('/api/v1/leagues', { name: `League ${Math.random()}` }, who);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const deliveries = async (endpointId: string, who = account) => {
    const response = await testApp.http.get(`/api/v1/webhooks/${endpointId}/deliveries`, { token: who.token });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: DeliveryView[] }).data;
  };
  const waitForDelivery = async (endpointId: string, done: (d: DeliveryView) => boolean, timeoutMs = 10_000, who = account) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await deliveries(endpointId, who)).find(done);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching delivery: ${JSON.stringify(await deliveries(endpointId, who))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  // A receiver has a request before the worker records its outcome: wait for the record, not the request.
  const waitForSucceeded = async (endpointId: string, count: number, who: TestAccount) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const listed = await deliveries(endpointId, who);
      if (listed.filter((d) => d.status === 'succeeded').length >= count) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} succeeded deliveries: ${JSON.stringify(listed)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('creates an endpoint with a whsec_ secret shown once, then reads, lists, updates and deletes it', async () => {
    const local = await receiver();
    const created = await post('/api/v1/webhooks', { url: local.url(), event_types: ['league.created'], description: 'CRM' });
    expect(created.statusCode).toBe(201);
    const body = created.json() as Record<string, unknown>;
    expect(body).toMatchObject({ url: local.url(), event_types: ['league.created'], description: 'CRM', enabled: true, disabled_reason: null, tournament_id: null });
    expect(Buffer.from(String(body.secret).replace(/^whsec_/, ''), 'base64')).toHaveLength(32);
    expect(created.headers.location).toBe(`/api/v1/webhooks/${String(body.id)}`);

    const read = await testApp.http.get(`/api/v1/webhooks/${String(body.id)}`, { token: account.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    const list = await testApp.http.get('/api/v1/webhooks', { token: account.token });
    expect((list.json() as { data: { id: string }[] }).data.map((e) => e.id)).toContain(body.id);

    const patched = await testApp.http.patch(`/api/v1/webhooks/${String(body.id)}`, { event_types: ['*'], description: null }, { token: account.token });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ event_types: ['*'], description: null, url: local.url() });

    const other = await createPremiumAccount(testApp);
    expectProblem(await testApp.http.get(`/api/v1/webhooks/${String(body.id)}`, { token: other.token }), 404, 'not_found');
    expectProblem(await testApp.http.delete(`/api/v1/webhooks/${String(body.id)}`, { token: other.token }), 404, 'not_found');

    expect((await testApp.http.delete(`/api/v1/webhooks/${String(body.id)}`, { token: account.token })).statusCode).toBe(204);
    expectProblem(await testApp.http.get(`/api/v1/webhooks/${String(body.id)}`, { token: account.token }), 404, 'not_found');
  });

  it.each([
    ['not a URL', 'not a url'],
    ['an ftp: URL', 'ftp://example.com/hook'],
    ['credentials', 'https://user:pass@example.com/hook'],
    ['plain http to a host not allowed', 'http://example.com/hook'],
    ['a private address', 'https://10.0.0.1/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['a loopback address not allowed', 'https://127.0.0.2/hook'],
    ['the IPv6 metadata address', 'https://[fd00:ec2::254]/hook'],
    ['an IPv4-compatible IPv6 loopback', 'https://[::127.0.0.1]/hook'],
    ['an IPv4-mapped IPv6 private address', 'https://[::ffff:10.0.0.1]/hook'],
    ['an IPv4-translated IPv6 loopback', 'https://[::ffff:0:127.0.0.1]/hook'],
    ['a NAT64 form of the metadata address', 'https://[64:ff9b::169.254.169.254]/hook'],
    ['a 6to4 form of a loopback address', 'https://[2002:7f00:1::1]/hook'],
    ['a Teredo address', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook'],
  ])('refuses %s with 422 on /url, and creates nothing', async (_what, url) => {
    const before = (await testApp.http.get('/api/v1/webhooks', { token: account.token })).json() as { data: unknown[] };
    const problem = expectProblem(await post('/api/v1/webhooks', { url }), 422, 'validation_failed');
    expect(problem.errors).toEqual([expect.objectContaining({ pointer: '/url' })]);
    const after = (await testApp.http.get('/api/v1/webhooks', { token: account.token })).json() as { data: unknown[] };
    expect(after.data).toHaveLength(before.data.length);
  });

  it('is for premium accounts, like the rest of the API', async () => {
    const free = await createAccountWithToken(testApp, 'free');
    expectProblem(await testApp.http.get('/api/v1/webhooks', { token: free.token }), 403, 'subscription_required');
    expectProblem(await testApp.http.post('/api/v1/webhooks', { url: 'https://example.com/hook' }), 401, 'unauthenticated');
  });

  it('refuses an unknown event type with 422 on its index', async () => {
    const problem = expectProblem(await post('/api/v1/webhooks', { url: 'https://example.com/hook', event_types: ['league.created', 'league.exploded'] }), 422, 'validation_failed');
    expect(problem.errors).toEqual([expect.objectContaining({ pointer: '/event_types/1' })]);
  });

  it('refuses a 21st endpoint with 409', async () => {
    const crowded = await createPremiumAccount(testApp);
    for (let i = 0; i < 20; i++) await createEndpoint({ url: `https://example.com/hook/${i}`, enabled: false }, crowded);
    expectProblem(await post('/api/v1/webhooks', { url: 'https://example.com/hook/21' }, crowded), 409, 'webhook_limit_reached');
  });

  it('delivers an event signed as Standard Webhooks verifies, in the feed’s shape, also during a secret rotation', async () => {
    const who = await createPremiumAccount(testApp);
    const local = await receiver();
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
    await makeLeague(who);
    await local.waitFor(1);
    const [first] = local.received;
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['user-agent']).toMatch(/tournament-league-service/);
    const verified = new Webhook(endpoint.secret).verify(first.body, first.headers as Record<string, string>);
    const feed = (await testApp.http.get('/api/v1/events?types=league.created', { token: who.token })).json() as { data: unknown[] };
    expect(verified).toEqual(feed.data[0]);
    expect(first.headers['webhook-id']).toBe((feed.data[0] as { id: string }).id);

    const rotated = await post(`/api/v1/webhooks/${endpoint.id}/rotate-secret`, undefined, who);
    expect(rotated.statusCode).toBe(200);
    const newSecret = (rotated.json() as { secret: string }).secret;
    expect(newSecret).not.toBe(endpoint.secret);
    await makeLeague(who);
    await local.waitFor(2);
    const second = local.received[1];
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ type: 'league.created' });
    expect(new Webhook(endpoint.secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ type: 'league.created' });
    const tampered = { ...second.headers, 'webhook-signature': String(second.headers['webhook-signature']).split(' ')[0].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) };
    expect(() => new Webhook(newSecret).verify(second.body, tampered as unknown as Record<string, string>)).toThrow();
  });

  it('filters by event type, and a deleted endpoint gets nothing more', async () => {
    const who = await createPremiumAccount(testApp);
    const local = await receiver();
    const leaguesOnly = await createEndpoint({ url: local.url('/leagues'), event_types: ['league.updated'] }, who);
    const league = await makeLeague(who);
    const patched = await testApp.http.patch(`/api/v1/leagues/${league.id}`, { description: 'x' }, { token: who.token });
    expect(patched.statusCode).toBe(200);
    await local.waitFor(1);
    expect(local.events().map((e) => e.type)).toEqual(['league.updated']);
    expect((await testApp.http.delete(`/api/v1/webhooks/${leaguesOnly.id}`, { token: who.token })).statusCode).toBe(204);
    await testApp.http.patch(`/api/v1/leagues/${league.id}`, { description: 'y' }, { token: who.token });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(local.received).toHaveLength(1);
  });

  it('keeps a failed attempt for a retry on the schedule, with the answer’s code and the start of its body', async () => {
    const local = await receiver((_q, response) => response.writeHead(500).end('x'.repeat(5_000)));
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] });
    const before = Date.now();
    await makeLeague();
    const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500' });
    expect(failed.last_response_body).toHaveLength(1024);
    const wait = Date.parse(failed.next_attempt_at!) - before;
    expect(wait).toBeGreaterThan(4_000);
    expect(wait).toBeLessThan(7_000);
    // A failing endpoint holds back only itself: another endpoint of the account gets the next event.
    const healthy = await receiver();
    await createEndpoint({ url: healthy.url(), event_types: ['league.created'] });
    await makeLeague();
    await healthy.waitFor(1);
    await testApp.http.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, { token: account.token });
  });

  it('disables an endpoint that answers 410 Gone, and says why', async () => {
    const local = await receiver((_q, response) => response.writeHead(410).end());
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] });
    await makeLeague();
    await local.waitFor(1);
    const deadline = Date.now() + 5_000;
    let state: { enabled: boolean; disabled_reason: string | null };
    do {
      state = (await testApp.http.get(`/api/v1/webhooks/${endpoint.id}`, { token: account.token })).json() as typeof state;
    } while (state.enabled && Date.now() < deadline);
    expect(state).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410') });
    expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/test`, undefined), 409, 'webhook_disabled');
  });

  it.each([
    ['hangs', (() => undefined) as Parameters<typeof receiver>[0], /no complete answer within 1000 ms/],
    ['redirects', ((_q, response) => response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()) as Parameters<typeof receiver>[0], /redirects are not followed/],
    ['answers a 10 MB body', ((_q, response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(10 * 1024 * 1024, 'a'));
    }) as Parameters<typeof receiver>[0], /larger than 65536 bytes/],
    ['closes the connection mid-answer', ((_q, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('partial');
      setTimeout(() => response.socket?.destroy(), 20);
    }) as Parameters<typeof receiver>[0], /connection closed before the answer ended|broke off/],
  ])('counts a receiver that %s as a failed attempt', async (_what, behaviour, error) => {
    const local = await receiver(behaviour);
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] });
    await makeLeague();
    const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(error);
    expect(local.received).toHaveLength(1);
    await testApp.http.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, { token: account.token });
  });

  it('refuses at delivery a host name that resolves to a loopback address, or to nothing, saying only that the address is not allowed', async () => {
    const local = await receiver();
    const loopback = await createEndpoint({ url: `https://localhost:${local.port}/hook`, event_types: ['league.created'] });
    const nowhere = await createEndpoint({ url: 'https://no-such-host.invalid/hook', event_types: ['league.created'] });
    await makeLeague();
    for (const endpoint of [loopback, nowhere]) {
      const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
      // Neither what localhost resolves to nor that the other name does not exist: no map of internal names.
      expect(failed.last_error).toBe("refused: the endpoint's address is not allowed");
      await testApp.http.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, { token: account.token });
    }
    expect(local.received).toHaveLength(0);
  });

  it('sends a test event, lists deliveries page by page, retries one, and replays retained events', async () => {
    const who = await createPremiumAccount(testApp);
    const local = await receiver();
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
    const tested = await post(`/api/v1/webhooks/${endpoint.id}/test`, undefined, who);
    expect(tested.statusCode).toBe(202);
    await local.waitFor(1);
    expect(local.events()[0]).toMatchObject({ type: 'webhook.test', sequence: null });
    expect(new Webhook(endpoint.secret).verify(local.received[0].body, local.received[0].headers as Record<string, string>)).toBeTruthy();

    await makeLeague(who);
    await makeLeague(who);
    await local.waitFor(3);
    await waitForSucceeded(endpoint.id, 3, who);
    const first = await testApp.http.get(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=2`, { token: who.token });
    const page = first.json() as { data: DeliveryView[]; next_cursor: string };
    expect(page.data.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(page.data[0]).toMatchObject({ attempts: 1, last_status_code: 200, last_response_body: 'ok', event_type: 'league.created' });
    const second = (await testApp.http.get(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${page.next_cursor}`, { token: who.token })).json() as { data: DeliveryView[]; next_cursor: string | null };
    expect(second.data.map((d) => d.event_type)).toEqual(['webhook.test']);
    expect(second.next_cursor).toBeNull();
    expectProblem(await testApp.http.get(`/api/v1/webhooks/${endpoint.id}/deliveries?cursor=bogus`, { token: who.token }), 400, 'invalid_parameter');

    const retried = await post(`/api/v1/webhooks/${endpoint.id}/deliveries/${page.data[0].id}/retry`, undefined, who);
    expect(retried.statusCode).toBe(202);
    await local.waitFor(4);
    expect(local.received[3].headers['webhook-id']).toBe(page.data[0].event_id);
    expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/deliveries/${endpoint.id}/retry`, undefined, who), 404, 'not_found');

    const replayed = await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json()).toEqual({ queued: 2 });
    await local.waitFor(6);
    expect(local.events().slice(4).map((e) => e.sequence)).toEqual([1, 2]);
    expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: -1 }, who), 422, 'validation_failed');
  });

  describe('replay (issue 47: each call queued every retained event again, without bound)', () => {
    const sql = (text: string, values: unknown[]) => testApp.app.get(EntityManager).fork().getConnection().execute(text, values);
    const pending = async (who: TestAccount, endpointId: string) =>
      Number(((await sql("select count(*) as n from webhook_deliveries where account_id = ? and endpoint_id = ? and status = 'pending'", [who.id, endpointId])) as { n: string }[])[0].n);

    it('leaves out the events an endpoint has waiting already: ten replays queue each event once', async () => {
      const who = await createPremiumAccount(testApp);
      const local = await receiver();
      const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
      for (let i = 0; i < 3; i++) await makeLeague(who);
      await local.waitFor(3);
      await waitForSucceeded(endpoint.id, 3, who);
      // From now on the receiver fails: what is replayed stays pending, retried on the schedule.
      local.behaviour = (_q, response) => response.writeHead(503).end();
      const queued: number[] = [];
      for (let i = 0; i < 10; i++) {
        const replayed = await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who);
        expect(replayed.statusCode).toBe(202);
        queued.push((replayed.json() as { queued: number }).queued);
      }
      expect(queued).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      expect(await pending(who, endpoint.id)).toBe(3);
      // Once one is no longer waiting (given up here), a replay queues it again, and only it.
      await sql("update webhook_deliveries set status = 'failed' where account_id = ? and endpoint_id = ? and status = 'pending' and sequence = 2", [who.id, endpoint.id]);
      expect((await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who)).json()).toEqual({ queued: 1 });
      expect(await pending(who, endpoint.id)).toBe(3);
      await testApp.http.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, { token: who.token });
    });

    it('refuses with 409 webhook_queue_full a replay or test message for an endpoint with 10 000 deliveries waiting, and queues only what fits below', async () => {
      const who = await createPremiumAccount(testApp);
      const local = await receiver();
      const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
      for (let i = 0; i < 3; i++) await makeLeague(who);
      await local.waitFor(3);
      await waitForSucceeded(endpoint.id, 3, who);
      // 10 000 test messages waiting, due tomorrow (so none is sent meanwhile).
      await sql(
        `insert into webhook_deliveries (account_id, endpoint_id, id, event_id, event_type, body, next_attempt_at)
         select ?, ?, gen_random_uuid(), gen_random_uuid(), 'webhook.test', '{}', now() + interval '1 day' from generate_series(1, 10000)`,
        [who.id, endpoint.id],
      );
      const full = expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who), 409, 'webhook_queue_full');
      expect(full.limit).toBe(10_000);
      expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/test`, undefined, who), 409, 'webhook_queue_full');
      expect(await pending(who, endpoint.id)).toBe(10_000);

      await sql("delete from webhook_deliveries where ctid in (select ctid from webhook_deliveries where account_id = ? and endpoint_id = ? and status = 'pending' limit 2)", [who.id, endpoint.id]);
      expect((await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who)).json()).toEqual({ queued: 2 });
      expect(await pending(who, endpoint.id)).toBe(10_000);
      expectProblem(await post(`/api/v1/webhooks/${endpoint.id}/replay`, { after: 0 }, who), 409, 'webhook_queue_full');
      await testApp.http.delete(`/api/v1/webhooks/${endpoint.id}`, { token: who.token });
    });
  });

  it('counts attempts and the backlog on /metrics', async () => {
    const text = await testApp.app.get(AppMetrics).registry.metrics();
    expect(text).toMatch(/^webhook_deliveries_pending \d+$/m);
    expect(Number(/^webhook_delivery_attempts_total\{result="success"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(Number(/^webhook_delivery_attempts_total\{result="failure"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(Number(/^webhook_endpoints_disabled_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
  });

  it('deletes an account’s endpoints and pending deliveries with the account', async () => {
    const who = await createPremiumAccount(testApp);
    const local = await receiver((_q, response) => response.writeHead(503).end());
    await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
    await makeLeague(who);
    await local.waitFor(1);
    const em = testApp.app.get(EntityManager).fork();
    const count = async (table: string) => Number(((await em.getConnection().execute(`select count(*) as n from ${table} where account_id = ?`, [who.id])) as { n: string }[])[0].n);
    expect(await count('webhook_deliveries')).toBe(1);
    await inRequestContext(testApp, (accounts) => accounts.deleteAccountByEmail(who.email));
    expect({ endpoints: await count('webhook_endpoints'), deliveries: await count('webhook_deliveries'), cursors: await count('webhook_cursors') }).toEqual({ endpoints: 0, deliveries: 0, cursors: 0 });
  });

  it('sweeps finished deliveries older than the events’ retention, and keeps pending ones', async () => {
    const who = await createPremiumAccount(testApp);
    const local = await receiver();
    const endpoint = await createEndpoint({ url: local.url(), event_types: ['league.created'] }, who);
    await makeLeague(who);
    await waitForSucceeded(endpoint.id, 1, who);
    const em = testApp.app.get(EntityManager).fork();
    await em.getConnection().execute("update webhook_deliveries set created_at = now() - interval '31 days' where account_id = ?", [who.id]);
    await em.getConnection().execute(
      "insert into webhook_deliveries (account_id, endpoint_id, id, event_id, event_type, body, created_at, next_attempt_at) values (?, ?, gen_random_uuid(), gen_random_uuid(), 'webhook.test', '{}', now() - interval '31 days', now() + interval '1 day')",
      [who.id, endpoint.id],
    );
    const rows = async () => (await em.getConnection().execute('select status from webhook_deliveries where account_id = ? order by status', [who.id])) as { status: string }[];
    expect((await rows()).map((r) => r.status)).toEqual(['pending', 'succeeded']);
    await testApp.app.get(DeliveryQueue).sweep(30, 1_000_000);
    expect((await rows()).map((r) => r.status)).toEqual(['pending']);
    await testApp.http.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, { token: who.token });
  });
});
