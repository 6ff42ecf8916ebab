import { EntityManager } from '@mikro-orm/postgresql';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { startTestAppOnOwnDatabase, TestApp } from '../support/test-app';
import { Behaviour, Receiver } from './receiver';

interface DeliveryView {
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_response_body: string | null;
  last_duration_ms: number | null;
}

const answering = (status: number, body: Buffer): Behaviour => (_request, response) => response.writeHead(status, { 'content-type': 'application/octet-stream' }).end(body);
/** Bytes of every value, 0x00 and 0xFF among them: not text in any encoding. */
const BINARY = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 7) % 256));
/** Invalid UTF-8 (a lone continuation byte, a cut sequence), then a three-byte character cut by the 1 KiB mark. */
const INVALID_UTF8 = Buffer.concat([Buffer.from([0x80, 0xc3, 0x28, 0xff]), Buffer.alloc(1019, 'a'), Buffer.from('€€', 'utf8')]);

/**
 * Receivers answering bytes a text column refuses (NUL) or that are not UTF-8 (issue 47): the attempt is recorded
 * like any other, so the receiver is sent each message once, retried on the schedule, and the endpoint disabled in
 * time. Before, the record failed and the endpoint was sent the same message again at once, hundreds of times.
 */
describe('webhook receivers answering NUL, binary or invalid UTF-8', () => {
  let testApp: TestApp;
  let account: TestAccount;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase({ webhookAllowHosts: ['127.0.0.1'], webhookConcurrency: 4, webhookTimeoutMs: 1_000, webhookPollMs: 100, eventPollMs: 100 });
    account = await createPremiumAccount(testApp);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  const sql = (text: string, values: unknown[]) => testApp.app.get(EntityManager).fork().getConnection().execute(text, values);
  const delivery = async (endpointId: string): Promise<DeliveryView | undefined> => {
    const response = await testApp.http.get(`/api/v1/webhooks/${endpointId}/deliveries`, { token: account.token });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: DeliveryView[] }).data[0];
  };
  const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** An endpoint answering `behaviour`, sent one event: the delivery once its first attempt is recorded. */
  const deliverOnce = async (behaviour: Behaviour) => {
    const receiver = await Receiver.start(behaviour);
    receivers.push(receiver);
    const created = await testApp.http.post('/api/v1/webhooks', { url: receiver.url(), event_types: ['league.created'] }, { token: account.token });
    expect(created.statusCode).toBe(201);
    const endpointId = (created.json() as { id: string }).id;
    expect((await testApp.http.post('/api/v1/leagues', { name: `League ${Math.random()}` }, { token: account.token })).statusCode).toBe(201);
    const first = await until('the first attempt to be recorded', async () => {
      const found = await delivery(endpointId);
      return found && found.attempts >= 1 ? found : undefined;
    });
    return { receiver, endpointId, first };
  };

  it.each([
    ['200 "ok\\0"', 200, Buffer.from('ok\0'), 'ok\uFFFD'],
    ['200 and binary bytes', 200, BINARY, BINARY.toString('utf8').replace(/\0/g, '\uFFFD')],
  ])('records a success answered %s once, and sends nothing again', async (_what, status, body, kept) => {
    const { receiver, first } = await deliverOnce(answering(status, body));
    expect(first).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: status, last_response_body: kept });
    // Time for several passes (WEBHOOK_POLL_MS 100): a success is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(1);
  });

  it.each([
    ['500 "\\0err"', Buffer.from('\0err'), (kept: string) => expect(kept).toBe('\uFFFDerr')],
    ['500 and invalid UTF-8', INVALID_UTF8, (kept: string) => expect(kept).toBe(`\uFFFD\uFFFD(\uFFFD${'a'.repeat(1019)}\uFFFD`)],
  ])('records a failure answered %s, retries it on the schedule, and disables the endpoint after 5 days of them', async (_what, body, checkKept) => {
    const { receiver, endpointId, first } = await deliverOnce(answering(500, body));
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    checkKept(first.last_response_body!);
    // The wait counts from the attempt's end: its start plus its duration (and a little for reading the answer).
    const wait = Date.parse(first.next_attempt_at!) - Date.parse(first.last_attempt_at!) - first.last_duration_ms!;
    expect(wait).toBeGreaterThanOrEqual(4_500);
    expect(wait).toBeLessThanOrEqual(5_550);

    // The retry comes when due (5 s ± 10 %), not before: one request until then.
    const second = await until('the retry to be recorded', async () => {
      const found = await delivery(endpointId);
      return found && found.attempts >= 2 ? found : undefined;
    });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThanOrEqual(4_400);
    expect(second).toMatchObject({ status: 'pending', last_status_code: 500 });

    // Its streak began 5 days ago: the next failed attempt disables the endpoint.
    await sql("update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where account_id = ? and id = ?", [account.id, endpointId]);
    await sql("update webhook_deliveries set next_attempt_at = now() where account_id = ? and endpoint_id = ? and status = 'pending'", [account.id, endpointId]);
    const disabled = await until('the endpoint to be disabled', async () => {
      const state = (await testApp.http.get(`/api/v1/webhooks/${endpointId}`, { token: account.token })).json() as { enabled: boolean; disabled_reason: string | null };
      return state.enabled ? undefined : state;
    });
    expect(disabled.disabled_reason).toMatch(/5 days/);
    expect(await delivery(endpointId)).toMatchObject({ attempts: 3 });
    expect(receiver.received).toHaveLength(3);
  }, 30_000);
});
