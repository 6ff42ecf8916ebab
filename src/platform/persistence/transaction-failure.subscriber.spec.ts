import { TransactionFailureSubscriber, TransactionEndedBeforeStartError } from './transaction-failure.subscriber';

describe('TransactionFailureSubscriber, after a transaction starts', () => {
  const subscriber = new TransactionFailureSubscriber();
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

describe('TransactionFailureSubscriber, before a rollback', () => {
  const subscriber = new TransactionFailureSubscriber();
  const onConnection = (readyForQuery: boolean) => {
    const destroy = jest.fn();
    const transaction = { client: { acquireConnection: () => Promise.resolve({ readyForQuery, connection: { stream: { destroy } } }) } };
    return { destroy, rollingBack: () => subscriber.beforeTransactionRollback({ transaction } as never) };
  };

  it('drops a connection still waiting for an answer (a statement timed out on a hung server), so ROLLBACK does not wait out another timeout', async () => {
    const { destroy, rollingBack } = onConnection(false);
    await rollingBack();
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('rolls back on a connection that answered as usual', async () => {
    const { destroy, rollingBack } = onConnection(true);
    await rollingBack();
    expect(destroy).not.toHaveBeenCalled();
  });
});
