import { Injectable } from '@nestjs/common';

type Wakeup = (accountId: string) => void;

/**
 * "An account has new events", as the log's notifications bring it from whichever instance committed, for
 * modules that keep something derived from the log (the viewer pages' caches). Only a hint: listeners must still
 * poll, since a notification can be lost.
 */
@Injectable()
export class EventWakeups {
  private readonly listeners = new Set<Wakeup>();

  /** Calls `listener` with the account id of each notification; returns the function that stops it. */
  listen(listener: Wakeup): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(accountId: string): void {
    for (const listener of this.listeners) listener(accountId);
  }
}
