import { ServerResponse } from 'node:http';
import { BATCH_MS } from '../../src/webhooks/webhook-dispatcher.service';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { startTestAppOnOwnDatabase, TestApp } from '../support/test-app';
import { Receiver } from './receiver';

/** A receiver that answers nothing until the test releases it: slower than any bound the test could pick. */
class SlowReceiver {
  private readonly held: ServerResponse[] = [];
  private constructor(readonly receiver: Receiver) {}

  static async start(): Promise<SlowReceiver> {
    const receiver = await Receiver.start();
    const slow = new SlowReceiver(receiver);
    receiver.behaviour = (_request, response) => slow.held.push(response);
    return slow;
  }

  /** Requests it has and has not answered yet. */
  get waiting(): number {
    return this.held.length;
  }

  /** Answers what it holds (200), and from now on answers at once. */
  release(): void {
    this.receiver.behaviour = (_request, response) => response.writeHead(200).end('ok');
    for (const response of this.held.splice(0)) response.writeHead(200).end('ok');
  }
}

const until = async (what: string, done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * One account's slow endpoints must not hold every sender (issue 47: with 8 endpoints answering after 2 s, another
 * account's delivery waited 54 s). The slow receivers here answer only when the test says so, so each bound is
 * structural: the other account's delivery has to arrive while every slow request is still unanswered, or while
 * the slow account still has messages waiting.
 */
describe('webhook senders shared between accounts', () => {
  let testApp: TestApp | undefined;
  const receivers: Receiver[] = [];
  const slowReceivers: SlowReceiver[] = [];

  afterEach(async () => {
    for (const slow of slowReceivers.splice(0)) slow.release();
    await testApp?.close();
    testApp = undefined;
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  const start = async (webhookConcurrency: number, webhookConcurrencyPerAccount?: number) => {
    testApp = await startTestAppOnOwnDatabase({
      webhookAllowHosts: ['127.0.0.1'],
      webhookConcurrency,
      webhookConcurrencyPerAccount,
      webhookTimeoutMs: 30_000,
      webhookPollMs: 100,
      eventPollMs: 100,
    });
    return testApp;
  };
  const slowReceiver = async () => {
    const slow = await SlowReceiver.start();
    slowReceivers.push(slow);
    receivers.push(slow.receiver);
    return slow;
  };
  const fastReceiver = async () => {
    const receiver = await Receiver.start();
    receivers.push(receiver);
    return receiver;
  };
  const createEndpoint = async (app: TestApp, who: TestAccount, url: string) => {
    const response = await app.http.post('/api/v1/webhooks', { url, event_types: ['league.created'] }, { token: who.token });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const makeLeague = async (app: TestApp, who: TestAccount) => {
    expect((await app.http.post('/api/v1/leagues', { name: `League ${Math.random()}` }, { token: who.token })).statusCode).toBe(201);
  };
  const pendingDelivery = async (app: TestApp, who: TestAccount, endpointId: string) => {
    const page = (await app.http.get(`/api/v1/webhooks/${endpointId}/deliveries`, { token: who.token })).json() as { data: { status: string }[] };
    return page.data.some((d) => d.status === 'pending');
  };

  it('keeps senders free for another account while one account’s eight endpoints hang: its delivery arrives before any slow one is answered', async () => {
    const app = await start(8);
    const [busy, other] = [await createPremiumAccount(app), await createPremiumAccount(app)];
    const slow = await Promise.all(Array.from({ length: 8 }, () => slowReceiver()));
    for (const receiver of slow) await createEndpoint(app, busy, receiver.receiver.url());
    const fast = await fastReceiver();
    await createEndpoint(app, other, fast.url());

    await makeLeague(app, busy);
    // Three quarters of the 8 senders (WEBHOOK_CONCURRENCY_PER_ACCOUNT unset) go to the busy account; then it waits.
    const waiting = () => slow.reduce((sum, s) => sum + s.waiting, 0);
    await until('the busy account to hold its senders', () => waiting() >= 6);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(waiting()).toBe(6);

    await makeLeague(app, other);
    await until('the other account’s delivery', () => fast.received.length === 1);
    // Nothing slow was answered meanwhile: the delivery did not wait for a sender to come free.
    expect(waiting()).toBe(6);

    // Once answered, the busy account's other two endpoints get their message too.
    for (const s of slow) s.release();
    await until('every slow endpoint to get its message', () => slow.every((s) => s.receiver.received.length === 1));
  }, 60_000);

  it('lets an endpoint go after a batch and gives the free sender to the account that has none, before the busy account’s next message', async () => {
    // Two senders, both of which one account may hold: only taking turns lets the other account in.
    const app = await start(2, 2);
    const [busy, other] = [await createPremiumAccount(app), await createPremiumAccount(app)];
    const slow = [await slowReceiver(), await slowReceiver()];
    for (const receiver of slow) await createEndpoint(app, busy, receiver.receiver.url());
    const fast = await fastReceiver();
    const otherEndpoint = await createEndpoint(app, other, fast.url());

    // Three messages waiting for each busy endpoint; both senders hold one in flight.
    for (let i = 0; i < 3; i++) await makeLeague(app, busy);
    await until('both senders to be busy', () => slow.every((s) => s.waiting === 1));
    const firstSent = Math.max(...slow.map((s) => s.receiver.received[0].at));
    await makeLeague(app, other);
    await until('the other account’s delivery to be queued', () => pendingDelivery(app, other, otherEndpoint));
    // The held attempt outlasts a batch's time: when it is answered, its sender lets the endpoint go.
    await until('a batch’s time to pass', () => Date.now() - firstSent > BATCH_MS + 100);

    const answered = slow[0];
    answered.release();
    await until('the other account’s message', () => fast.received.length === 1);
    // The busy endpoint's next message may follow at once (the other's sender comes free as soon as it is answered):
    // what counts is which reached its receiver first.
    const busyAgain = answered.receiver.received[1];
    expect(busyAgain === undefined || fast.received[0].order < busyAgain.order).toBe(true);

    // And the busy account still gets all of its messages, in turn.
    slow[1].release();
    await until('every busy message', () => slow.every((s) => s.receiver.received.length === 3));
  }, 60_000);
});
