import { EventFilters, StoredEvent } from './stored-event';

/** A feed read: matching events after a sequence, and how far the read looked, in one snapshot. */
export interface EventRead {
  events: StoredEvent[];
  /** The account's last committed sequence when the read was made (0 before its first event). */
  head: number;
  /** Events up to this sequence were deleted by the retention sweep (0: none). */
  expiredThrough: number;
}

/** Where a reader of several accounts stands: it has every event of `accountId` up to `after`. */
export interface TailPosition {
  accountId: string;
  after: number;
}

export interface AccountEvent extends StoredEvent {
  accountId: string;
}

/** What one sequencing pass did. */
export interface SequencingPass {
  /** Another instance's sequencer held the lock: nothing was done. */
  busy: boolean;
  numbered: number;
  /** The batch was full: committed events may remain unnumbered. */
  waiting: boolean;
  /** The events it numbered of the accounts it was asked to hand over, by account then sequence. */
  handedOver: AccountEvent[];
}

/** Reading side of the event log, and the numbering of what writers appended. */
export abstract class EventStore {
  /** The account's events after `after` that pass the filters, oldest first, at most `limit`. */
  abstract read(accountId: string, after: number, filters: EventFilters, limit: number): Promise<EventRead>;
  /** The account's last committed sequence (0 before its first event). */
  abstract head(accountId: string): Promise<number>;
  /** For the stream readers: the events of several accounts after each one's position, by account then sequence. */
  abstract readTails(positions: TailPosition[], limit: number): Promise<AccountEvent[]>;
  /** The sequence of the tournament's latest event (0 when it has none left): what standings and match lists' ETags derive from. */
  abstract lastSequenceOfTournament(accountId: string, tournamentId: string): Promise<number>;
  /**
   * Numbers up to `batch` appended events whose transactions (and every older one) have ended, per account in
   * (transaction, append) order, one sequencer at a time; notifies the accounts it numbered (with the last sequence
   * numbered). Returns the numbered events of `handOver`'s accounts, so this instance need not read them back.
   */
  abstract sequencePending(batch: number, handOver?: readonly string[]): Promise<SequencingPass>;
  /** Deletes up to `batch` events that occurred before `before` (oldest first), in one short transaction; returns how many. */
  abstract sweep(before: Date, batch: number): Promise<number>;
}
