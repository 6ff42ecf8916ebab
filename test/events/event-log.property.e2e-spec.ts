import fc from 'fast-check';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { EventLog } from '../../src/events/domain/event-log';
import { EventStore } from '../../src/events/domain/event-store';
import { EventSequencing } from '../../src/events/event-sequencing.service';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

class RolledBack extends Error {}

interface Write {
  account: number;
  events: number;
  rollback: boolean;
  /** Pauses inside the transaction (ms), before and after appending: transactions interleave. */
  before: number;
  after: number;
}

interface Outcome {
  write: Write;
  marker: number;
  startedAt: number;
  settledAt: number;
  committed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outbox's guarantees over random writes: transactions that append and then commit or roll back, several at
 * once on the same accounts, while the sequencer numbers what has committed. Afterwards the log holds exactly the
 * committed appends, each account's sequences run 1…n, a transaction that committed before another began comes
 * first, and a reader polling all along never saw a sequence before one below it (nor one filled in later).
 */
describe('event log (property)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const write = fc.record<Write>({
    account: fc.integer({ min: 0, max: 1 }),
    events: fc.integer({ min: 1, max: 3 }),
    rollback: fc.boolean(),
    before: fc.integer({ min: 0, max: 4 }),
    after: fc.integer({ min: 0, max: 4 }),
  });

  it('holds exactly the committed changes, in commit order per account, sequences without gaps', async () => {
    const orm = testApp.app.get(MikroORM);
    const log = testApp.app.get(EventLog);
    const store = testApp.app.get(EventStore);
    const unitOfWork = testApp.app.get(UnitOfWork);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(write, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const accounts = [await createPremiumAccount(testApp), await createPremiumAccount(testApp)];
        let clock = 0;
        let marker = 0;
        const outcomes: Outcome[] = [];
        const run = async (spec: Write): Promise<void> => {
          const outcome: Outcome = { write: spec, marker: marker++, startedAt: clock++, settledAt: 0, committed: false };
          outcomes.push(outcome);
          const accountId = accounts[spec.account].id;
          try {
            await RequestContext.create(orm.em, () =>
              unitOfWork.run(async () => {
                await sleep(spec.before);
                const events = Array.from({ length: spec.events }, (_, part) => ({ accountId, type: 'league.updated' as const, data: { marker: outcome.marker, part } }));
                await log.append(...events);
                await sleep(spec.after);
                if (spec.rollback) throw new RolledBack();
              }),
            );
            outcome.committed = true;
          } catch (error) {
            if (!(error instanceof RolledBack)) throw error;
          }
          outcome.settledAt = clock++;
        };

        // A reader polling while the writers work: each read continues exactly where the previous one stopped.
        let writing = true;
        const seen: number[] = [];
        const reader = (async () => {
          let after = 0;
          while (writing) {
            const read = await store.read(accounts[0].id, after, {}, 100);
            for (const event of read.events) {
              expect(event.sequence).toBe(after + 1);
              after = event.sequence;
              seen.push(event.sequence);
            }
            await sleep(1);
          }
        })();
        for (const batch of batches) await Promise.all(batch.map(run));
        await testApp.app.get(EventSequencing).drain();
        writing = false;
        await reader;

        for (const [index, account] of accounts.entries()) {
          const { events } = await store.read(account.id, 0, {}, 500);
          const committed = outcomes.filter((outcome) => outcome.committed && outcome.write.account === index);
          expect(events.map((event) => event.sequence)).toEqual(events.map((_, position) => position + 1));
          // Exactly the committed appends, each transaction's events together and in the order given.
          const markers = events.map((event) => event.data as { marker: number; part: number });
          expect(markers.map((entry) => entry.marker).sort((a, b) => a - b)).toEqual(
            committed.flatMap((outcome) => Array<number>(outcome.write.events).fill(outcome.marker)).sort((a, b) => a - b),
          );
          const firstOf = new Map<number, number>();
          markers.forEach((entry, position) => {
            if (entry.part === 0) firstOf.set(entry.marker, position);
            else expect(markers[position - 1]).toEqual({ marker: entry.marker, part: entry.part - 1 });
          });
          // A transaction that committed before another started has the lower sequences.
          for (const a of committed) {
            for (const b of committed) if (a.settledAt < b.startedAt) expect(firstOf.get(a.marker)!).toBeLessThan(firstOf.get(b.marker)!);
          }
          if (index === 0) expect(seen).toEqual(events.slice(0, seen.length).map((event) => event.sequence));
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
