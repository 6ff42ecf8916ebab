import { AccountEvent, EventRead, EventStore, SequencingPass, TailPosition } from '../domain/event-store';
import { EventType } from '../domain/event-types';
import { EventFilters, matchesFilters, StoredEvent } from '../domain/stored-event';

/** The log's reads over a list held in memory, for specs of the streams: events are numbered as they are added. */
export class InMemoryEventStore extends EventStore {
  private readonly events = new Map<string, StoredEvent[]>();
  private readonly expired = new Map<string, number>();

  add(accountId: string, type: EventType, data: Record<string, unknown> = {}, tournamentId: string | null = null): StoredEvent {
    const list = this.events.get(accountId) ?? [];
    this.events.set(accountId, list);
    const sequence = (list.at(-1)?.sequence ?? this.expired.get(accountId) ?? 0) + 1;
    const event: StoredEvent = { id: `${accountId}-${sequence}`, sequence, type, occurredAt: new Date(0), tournamentId, leagueId: null, data };
    list.push(event);
    return event;
  }

  expireThrough(accountId: string, sequence: number): void {
    this.expired.set(accountId, sequence);
    this.events.set(accountId, (this.events.get(accountId) ?? []).filter((event) => event.sequence > sequence));
  }

  read(accountId: string, after: number, filters: EventFilters, limit: number): Promise<EventRead> {
    const list = this.events.get(accountId) ?? [];
    return Promise.resolve({
      events: list.filter((event) => event.sequence > after && matchesFilters(event, filters)).slice(0, limit),
      head: list.at(-1)?.sequence ?? this.expired.get(accountId) ?? 0,
      expiredThrough: this.expired.get(accountId) ?? 0,
    });
  }

  async head(accountId: string): Promise<number> {
    return (await this.read(accountId, 0, {}, 0)).head;
  }

  readTails(positions: TailPosition[], limit: number): Promise<AccountEvent[]> {
    return Promise.resolve(
      positions.flatMap(({ accountId, after }) =>
        (this.events.get(accountId) ?? [])
          .filter((event) => event.sequence > after)
          .slice(0, limit)
          .map((event) => ({ ...event, accountId })),
      ),
    );
  }

  async lastSequenceOfTournament(accountId: string, tournamentId: string): Promise<number> {
    return (this.events.get(accountId) ?? []).filter((event) => event.tournamentId === tournamentId).at(-1)?.sequence ?? 0;
  }

  sequencePending(): Promise<SequencingPass> {
    return Promise.resolve({ busy: false, numbered: 0, waiting: false, handedOver: [] });
  }

  sweep(): Promise<number> {
    return Promise.resolve(0);
  }
}
