/**
 * This instance's copies of rows as its own last writes left them, each with the row's version as PostgreSQL keeps
 * it (`xmin`, the transaction that wrote the row). A read-modify-write of a row this instance has just written can
 * start from the copy instead of reading: its write names the `xmin` it expects and succeeds only if the row is still
 * exactly the copy, since any later write (another instance's, a trigger's, a cascade's) gives the row a new `xmin`.
 * Bounded in count and age: the least recently used copies go first, and none outlives `maxAgeMs`.
 */
export class RecentCopies<E extends object> {
  private readonly copies = new Map<string, { entity: E; rowVersion: string; storedAt: number }>();
  /** Of every copy handed out, the row version it was copied at. */
  private readonly rowVersions = new WeakMap<E, string>();
  /** Copies whose write went through: the row was still exactly the copy. */
  private readonly written = new WeakSet<E>();

  constructor(
    private readonly clone: (entity: E) => E,
    private readonly capacity: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A private copy of the row as this instance last wrote it, or undefined. */
  take(key: string): E | undefined {
    const stored = this.copies.get(key);
    if (!stored) return undefined;
    this.copies.delete(key);
    if (this.now() - stored.storedAt > this.maxAgeMs) return undefined;
    this.copies.set(key, stored);
    const copy = this.clone(stored.entity);
    this.rowVersions.set(copy, stored.rowVersion);
    return copy;
  }

  /** The row version `entity` was copied at, when it is a copy from `take`: its write must find the row at it. */
  rowVersionOf(entity: E): string | undefined {
    return this.rowVersions.get(entity);
  }

  /** `entity` is the row as written at `rowVersion`; when it is a copy, its write went through. */
  remember(key: string, entity: E, rowVersion: string): void {
    if (this.rowVersions.has(entity)) this.written.add(entity);
    this.copies.delete(key);
    this.copies.set(key, { entity: this.clone(entity), rowVersion, storedAt: this.now() });
    if (this.copies.size > this.capacity) this.copies.delete(this.copies.keys().next().value!);
  }

  /** `entity`'s row was deleted; when it is a copy, its delete went through. */
  removed(key: string, entity: E): void {
    if (this.rowVersions.has(entity)) this.written.add(entity);
    this.copies.delete(key);
  }

  forget(key: string): void {
    this.copies.delete(key);
  }

  /** Whether `copy` (from `take`) was written: only then did it show the row as it was. */
  wasWritten(copy: E): boolean {
    return this.written.has(copy);
  }
}
