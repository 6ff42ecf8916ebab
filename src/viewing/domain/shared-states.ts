/** What a share link opens, and where it stands now. */
export interface SharedState {
  kind: 'tournament' | 'league';
  accountId: string;
  id: string;
  /**
   * Changes whenever anything a viewer sees of it changes (and only rarely otherwise): equal tokens mean the
   * rendered pages, images and snapshot can be served again as they are.
   */
  token: string;
  /**
   * False while one of its events waits for its number (just after its commit): the token does not show that change
   * yet, so this state gets no tag and is read again by the next viewer, as the API's lists and standings do.
   */
  settled: boolean;
}

/**
 * Port: finds the unlisted tournament or league behind a share id with its state token, in one cheap read. This is
 * the read every cached view is revalidated with, so it must not grow with the number of viewers.
 */
export abstract class SharedStates {
  abstract lookup(shareId: string): Promise<SharedState | null>;
}

/** Port: runs reads in a context of their own (the cache is filled and the live stream polls outside any request). */
export abstract class ReadContext {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
