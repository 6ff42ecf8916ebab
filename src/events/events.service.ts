import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventsExpiredError } from './domain/event-errors';
import { EventStore } from './domain/event-store';
import { EventFilters, StoredEvent } from './domain/stored-event';

export interface FeedRequest {
  /** Events after this sequence; absent: from the oldest kept. */
  after?: number;
  filters: EventFilters;
  limit: number;
}

export interface FeedPage {
  events: StoredEvent[];
  /** Where the next read starts: past every event this one looked at, filtered out or not. */
  nextAfter: number;
}

/** Where a stream starts: after `after`, with the account's head at the time. */
export interface StreamStart {
  after: number;
  head: number;
}

/** The replayable feed, and what standings and match lists derive their ETags from. */
@Injectable()
export class EventsService {
  constructor(private readonly store: EventStore) {}

  async page(accountId: string, request: FeedRequest): Promise<FeedPage> {
    const after = request.after ?? 0;
    const read = await this.store.read(accountId, after, request.filters, request.limit);
    if (request.after !== undefined && request.after < read.expiredThrough) throw new EventsExpiredError(read.expiredThrough);
    const full = read.events.length === request.limit;
    // A short page saw everything committed up to the head: the next read need not scan it again.
    const nextAfter = full ? read.events[read.events.length - 1].sequence : Math.max(after, read.head);
    return { events: read.events, nextAfter };
  }

  /** A stream from `after` (a reconnect's Last-Event-ID), or from now; 410 when events after it were swept. */
  async streamStart(accountId: string, after: number | undefined): Promise<StreamStart> {
    const read = await this.store.read(accountId, after ?? 0, {}, 1);
    if (after !== undefined && after < read.expiredThrough) throw new EventsExpiredError(read.expiredThrough);
    return { after: after ?? read.head, head: read.head };
  }

  /**
   * An ETag for a representation derived from the tournament's state (its match list, its standings): the
   * sequence of the tournament's latest event and which representation (`variant`: the URL with its query).
   * Every change to the tournament, its participants or its matches appends an event with the tournament's id,
   * so the tag changes whenever the representation may. Undefined when the tournament has no event (unknown,
   * another account's, deleted, or older than the log): then nothing answers 304.
   * Read the tag before the representation: a change committed in between then costs a full answer, never a stale 304.
   */
  async tournamentTag(accountId: string, tournamentId: string, variant: string): Promise<string | undefined> {
    const sequence = await this.store.lastSequenceOfTournament(accountId, tournamentId);
    if (sequence === 0) return undefined;
    return `"e${sequence}-${createHash('sha1').update(variant).digest('base64url').slice(0, 12)}"`;
  }
}
