import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictError, InvalidError } from '../../kernel/domain-error';
import { canonicalJson } from '../pagination/cursor';
import { UnitOfWork } from '../persistence/unit-of-work';
import { IdempotencyScope, IdempotencyStore, StoredResponse } from './idempotency.store';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim this old whose request never finished (crash, lost connection) may be taken over. */
export const ABANDONED_CLAIM_MS = 60 * 1000;

export interface IdempotentRequest {
  accountId: string;
  key: string | undefined;
  method: string;
  path: string;
  body: unknown;
}

export class IdempotencyKeyInUseError extends ConflictError {
  /** The first request usually finishes within a second; sent as Retry-After. */
  readonly retryAfterSeconds = 1;

  constructor() {
    super('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry in a moment.');
  }
}

export class IdempotencyKeyReusedError extends InvalidError {
  constructor() {
    super(
      [{ pointer: '', detail: 'This Idempotency-Key was used with a different request body.' }],
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
}

/**
 * Idempotency-Key for POST, per account, for 24 hours: a retry with the same
 * body replays the first response and creates nothing; another body is refused;
 * a retry while the first is running is told to wait. The creation and the
 * stored response commit in one transaction, so a crash cannot leave one
 * without the other.
 */
@Injectable()
export class IdempotentRequests {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(
    request: IdempotentRequest,
    perform: () => Promise<StoredResponse>,
    now = new Date(),
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    if (request.key === undefined) return { response: await perform(), replayed: false };
    const scope = { accountId: request.accountId, key: request.key };
    const fingerprint = fingerprintOf(request);
    const replay = await this.claimOrReplay(scope, fingerprint, now);
    if (replay) return { response: replay, replayed: true };
    try {
      const response = await this.unitOfWork.run(async () => {
        const result = await perform();
        await this.store.complete(scope, result);
        return result;
      });
      return { response, replayed: false };
    } catch (error) {
      // Nothing was created: free the key so that a corrected retry can use it.
      await this.store.release(scope).catch(() => undefined);
      throw error;
    }
  }

  /** Claims the key for this request, or returns the stored response to replay. */
  private async claimOrReplay(scope: IdempotencyScope, fingerprint: string, now: Date): Promise<StoredResponse | undefined> {
    if (await this.store.claim(scope, fingerprint, now, new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS))) return undefined;
    const existing = await this.store.find(scope);
    if (!existing) return this.claimOrReplay(scope, fingerprint, now);
    if (existing.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (existing.state === 'completed') return existing.response;
    const abandoned = now.getTime() - existing.lockedAt.getTime() >= ABANDONED_CLAIM_MS;
    if (abandoned && (await this.store.reclaim(scope, existing.lockedAt, now))) return undefined;
    throw new IdempotencyKeyInUseError();
  }
}

function fingerprintOf(request: IdempotentRequest): string {
  return createHash('sha256').update(`${request.method} ${request.path}\n${canonicalJson(request.body ?? null)}`).digest('hex');
}
