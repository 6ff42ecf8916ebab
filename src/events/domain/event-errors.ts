import { DomainError } from '../../kernel/domain-error';

/** The feed was asked for events the retention sweep has already deleted (410 `events_expired`). */
export class EventsExpiredError extends DomainError {
  constructor(expiredThrough: number) {
    super(
      'events_expired',
      `Events up to sequence ${expiredThrough} are older than the retention period and were deleted. The oldest available follows sequence ${expiredThrough}: read again with after=${expiredThrough} (and re-read the resources you follow).`,
      { oldest_available_after: expiredThrough },
    );
  }
}

/** The account already has the most event streams it may hold open (429 `event_streams_exceeded`). */
export class TooManyEventStreamsError extends DomainError {
  readonly retryAfterSeconds = 15;

  constructor(limit: number) {
    super('event_streams_exceeded', `The account already has ${limit} event streams open. Close one, then retry.`, { limit });
  }
}
