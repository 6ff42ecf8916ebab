import { StoredEvent } from './stored-event';

/** An event with its stream message, made (and encoded) once however many streams send it. */
export interface TailEntry {
  event: StoredEvent;
  frame: Buffer;
}

/**
 * The newest events of one account, as the instance's reader fetched them, shared by every stream of the account
 * on this instance. It holds the events after `base` up to `head`, at most `capacity` of them: a stream whose
 * position is at or past `base` reads from here; one further behind reads the database until it catches up.
 */
export class AccountTail {
  private entries: TailEntry[] = [];
  private start = 0;
  private bytes = 0;

  constructor(
    /** Every event up to here is older than the tail holds. */
    private baseSequence: number,
    private readonly capacity: number,
    /** Bound on the held messages' length, so large events cannot make the tail large. */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get base(): number {
    return this.baseSequence;
  }

  get head(): number {
    return this.entries.length > this.start ? this.entries[this.entries.length - 1].event.sequence : this.baseSequence;
  }

  /** Whether everything after `position` is here (or is yet to come). */
  covers(position: number): boolean {
    return position >= this.baseSequence;
  }

  /** Adds events that follow `head` in sequence (others are ignored: they are already here); returns how many were new. */
  push(entries: TailEntry[]): number {
    let added = 0;
    for (const entry of entries) {
      if (entry.event.sequence <= this.head) continue;
      this.entries.push(entry);
      this.bytes += entry.frame.length;
      added += 1;
    }
    const before = this.start;
    while (this.entries.length - this.start > this.capacity || (this.bytes > this.maxBytes && this.entries.length - this.start > 1)) {
      this.bytes -= this.entries[this.start].frame.length;
      this.start += 1;
    }
    if (this.start > before) {
      this.baseSequence = this.entries[this.start - 1].event.sequence;
      // Compact now and then, not on every push.
      if (this.start > this.capacity) {
        this.entries = this.entries.slice(this.start);
        this.start = 0;
      }
    }
    return added;
  }

  /** The entries after `position`, oldest first (the caller has checked `covers(position)`). */
  after(position: number): TailEntry[] {
    let low = this.start;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle].event.sequence <= position) low = middle + 1;
      else high = middle;
    }
    return this.entries.slice(low);
  }
}
