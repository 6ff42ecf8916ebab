import { EventType } from './event-types';

/** One change to record: what happened, to which tournament or league, and the resource as its GET shows it now. */
export interface NewEvent {
  accountId: string;
  type: EventType;
  tournamentId?: string | null;
  leagueId?: string | null;
  /** The wire form (snake_case) of the resource after the change; a deletion carries `{ id }`. */
  data: Record<string, unknown>;
}

/**
 * The port other modules append through: `await this.events.append({ accountId, type, tournamentId, data })`.
 * It writes in the caller's open transaction (UnitOfWork.run), so the event commits with the change or not at
 * all; outside a transaction it throws instead of writing on its own. It only inserts (nothing is locked);
 * the events get their sequence shortly after the commit (docs/events.md). Calls in one transaction keep their order.
 */
export abstract class EventLog {
  /** Several events of one write (a bulk registration) in one statement, in the order given. */
  abstract append(...events: NewEvent[]): Promise<void>;
}
