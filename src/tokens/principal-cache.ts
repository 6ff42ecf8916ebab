/** Who a token authenticates, as cached: enough to answer a request and to keep last_used_at to the minute. */
export interface Principal {
  account: { id: string; email: string };
  tokenId: string;
  lastUsedAt: Date | null;
}

interface Entry {
  principal: Principal;
  expiresAt: number;
}

export interface PrincipalCacheOptions {
  /** Backstop for a change whose notification never came: an entry is looked up again after this long. */
  ttlMs: number;
  maxEntries: number;
  now: () => number;
  /** Told of every lookup: answered from the cache (hit) or left to the database (miss). */
  onLookup: (hit: boolean) => void;
}

const DEFAULTS: PrincipalCacheOptions = { ttlMs: 10_000, maxEntries: 10_000, now: Date.now, onLookup: () => undefined };

/**
 * The authenticated principal per token digest, inside one instance, so a
 * request does not pay a token query. Caching is only on while an invalidation
 * feed is live (`resume`); while it is down (`suspend`) every lookup goes to
 * the database, so a changed token is never accepted from memory.
 *
 * A lookup that started before an invalidation of its account (or a flush)
 * must not store what it read: callers take a `stamp()` before reading the
 * database and pass it to `set`, which drops the entry if that account was
 * invalidated in between. Other accounts' changes do not disturb it.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly options: PrincipalCacheOptions;
  private generation = 0;
  /** Generation of the last flush, and of each account's last invalidation since (bounded: past the bound, a flush). */
  private flushedAt = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private live = false;

  constructor(options: Partial<PrincipalCacheOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  get(digest: string): Principal | undefined {
    const principal = this.lookUp(digest);
    this.options.onLookup(principal !== undefined);
    return principal;
  }

  private lookUp(digest: string): Principal | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.expiresAt > this.options.now()) return entry.principal;
    this.entries.delete(digest);
    return undefined;
  }

  stamp(): number {
    return this.generation;
  }

  set(digest: string, principal: Principal, stamp: number): void {
    if (!this.live || stamp < this.flushedAt || stamp < (this.invalidatedAt.get(principal.account.id) ?? 0)) return;
    // Map order is insertion order: past the bound, the oldest entry goes.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(digest, { principal, expiresAt: this.options.now() + this.options.ttlMs });
  }

  /** The account's token, plan or email changed, or it was deleted: forget every principal of it. */
  invalidateAccount(accountId: string): void {
    this.generation += 1;
    if (this.invalidatedAt.size >= this.options.maxEntries) this.flush();
    else this.invalidatedAt.set(accountId, this.generation);
    for (const [digest, entry] of this.entries) if (entry.principal.account.id === accountId) this.entries.delete(digest);
  }

  /** The invalidation feed is connected and listening: start caching from empty. */
  resume(): void {
    this.flush();
    this.live = true;
  }

  /** The invalidation feed is down: nothing may be believed from memory until it is back. */
  suspend(): void {
    this.live = false;
    this.flush();
  }

  get isLive(): boolean {
    return this.live;
  }

  private flush(): void {
    this.generation += 1;
    this.flushedAt = this.generation;
    this.invalidatedAt.clear();
    this.entries.clear();
  }
}
