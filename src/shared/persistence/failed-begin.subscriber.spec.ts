import { FailedBeginSubscriber, TransactionEndedBeforeStartError } from './failed-begin.subscriber';

describe('FailedBeginSubscriber', () => {
  const subscriber = new FailedBeginSubscriber();
  const started = (transaction: object) => subscriber.afterTransactionStart({ transaction } as never);
  const settled = (promise: Promise<unknown>) => {
    promise.catch(() => undefined);
    return promise;
  };

  it('lets a transaction that began go on', async () => {
    await expect(started({ isCompleted: () => false, executionPromise: new Promise(() => undefined) })).resolves.toBeUndefined();
  });

  it('raises the error that ended a transaction before it began (a BEGIN that timed out)', async () => {
    const cause = new Error('Query read timeout');
    await expect(started({ isCompleted: () => true, executionPromise: settled(Promise.reject(cause)) })).rejects.toBe(cause);
  });

  it('raises a connection failure when the ended transaction kept no error', async () => {
    await expect(started({ isCompleted: () => true, executionPromise: Promise.resolve() })).rejects.toBeInstanceOf(TransactionEndedBeforeStartError);
  });
});
