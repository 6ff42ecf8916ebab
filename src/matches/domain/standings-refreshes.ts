/** A tournament whose table changed and awaits its standings.changed event, at the version of that request. */
export interface WaitingRefresh {
  accountId: string;
  tournamentId: string;
  version: number;
}

/**
 * The durable to-do list of tables to publish: a result adds its tournament (or raises its version) in the reporting
 * transaction, so a committed result always gets its standings.changed, even if the process dies right after.
 */
export abstract class StandingsRefreshes {
  /** In the writer's transaction: the tournament's table changed. */
  abstract request(accountId: string, tournamentId: string): Promise<void>;
  /** Which of these tournaments wait for a refresh: a result of theirs may not be in derived tables yet (the league's ratings). */
  abstract pendingAmong(accountId: string, tournamentIds: readonly string[]): Promise<string[]>;
  /** Tournaments waiting, oldest request first. */
  abstract waiting(limit: number): Promise<WaitingRefresh[]>;
  /** The tournaments of these accounts waiting, oldest request first (a test's drain waits for its own tables). */
  abstract waitingOf(accountIds: readonly string[]): Promise<WaitingRefresh[]>;
  /**
   * In the refreshing transaction: whether this transaction may publish the tournament's table, so that two
   * instances never compute the same one (held until the transaction ends).
   */
  abstract claim(refresh: WaitingRefresh): Promise<boolean>;
  /** Removes the request if no write raised it since `refresh` was read; false if one did (another refresh follows). */
  abstract done(refresh: WaitingRefresh): Promise<boolean>;
}
