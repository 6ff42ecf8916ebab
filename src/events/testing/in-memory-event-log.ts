import { EventLog, NewEvent } from '../domain/event-log';

/** For service specs on in-memory adapters: the events appended, in order (no transactions to join). */
export class InMemoryEventLog extends EventLog {
  readonly appended: NewEvent[] = [];

  append(...events: NewEvent[]): Promise<void> {
    this.appended.push(...events);
    return Promise.resolve();
  }

  typesOf(): string[] {
    return this.appended.map((event) => event.type);
  }
}
