/** A tournament whose table changed and awaits its standings.changed event. */
export interface WaitingRefresh {
  accountId: string;
  tournamentId: string;
}

/**
 * The durable to-do list of tables to publish: a result adds its tournament in the reporting transaction (so a
 * committed result always gets its standings.changed, even if the process dies right after), a refresher takes it.
 */
export abstract class StandingsRefreshes {
  /** In the writer's transaction: the tournament's table changed (once, however many results the transaction holds). */
  abstract request(accountId: string, tournamentId: string): Promise<void>;
  /** Tournaments waiting, oldest request first. */
  abstract waiting(limit: number): Promise<WaitingRefresh[]>;
  /** In the refreshing transaction, holding the tournament's lock: takes its request; false if another refresher did. */
  abstract take(accountId: string, tournamentId: string): Promise<boolean>;
}
