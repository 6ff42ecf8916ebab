import { EventType } from './event-types';

/** One change to record: what happened, to which tournament or league, and the resource as its GET shows it now. */
export interface NewEvent {
  accountId: string;
  type: EventType;
  tournamentId?: string | null;
  leagueId?: string | null;
  /**
   * The wire form (snake_case) of the resource after the change; a deletion carries `{ id }`. A large resource (a
   * table of thousands of rows) may come as JSON text already serialised off the event loop.
   */
  data: Record<string, unknown> | SerializedData;
}

/** Event data already serialised as JSON text (by a worker thread): the log stores it as it is. */
export class SerializedData {
  constructor(readonly json: string) {}
}

/** An event's data as the JSON text the log stores. */
export function dataJson(data: NewEvent['data']): string {
  return data instanceof SerializedData ? data.json : JSON.stringify(data);
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
