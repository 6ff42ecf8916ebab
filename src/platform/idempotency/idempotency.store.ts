/** A response kept for replay: what the first request with a key answered. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type IdempotencyRecord =
  | { state: 'in_progress'; fingerprint: string; lockedAt: Date }
  | { state: 'completed'; fingerprint: string; response: StoredResponse };

export interface IdempotencyScope {
  accountId: string;
  key: string;
}

/** Persistence port for Idempotency-Key records. */
export abstract class IdempotencyStore {
  /** Inserts an in-progress record; false when the key already has one (expired ones are purged first). */
  abstract claim(scope: IdempotencyScope, fingerprint: string, now: Date, expiresAt: Date): Promise<boolean>;
  abstract find(scope: IdempotencyScope): Promise<IdempotencyRecord | null>;
  /** Takes over an abandoned claim (compare-and-set on its lock time); false if someone else did. */
  abstract reclaim(scope: IdempotencyScope, previousLock: Date, now: Date): Promise<boolean>;
  /** Stores the response; called inside the transaction that created the resource. */
  abstract complete(scope: IdempotencyScope, response: StoredResponse): Promise<void>;
  abstract release(scope: IdempotencyScope): Promise<void>;
}
