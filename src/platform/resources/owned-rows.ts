/** A resource an account owns, versioned, that may be shared by a link. */
export interface OwnedResource {
  version: number;
  shareId: string | null;
}

/** The reads every resource's repository port offers, which OwnedResources builds on (the port's own shape stays its own). */
export interface OwnedRows<T> {
  findOwned(accountId: string, id: string): Promise<T | null>;
  /** The unlisted resource behind a share link, whoever owns it; null for any other id. */
  findShared(shareId: string): Promise<T | null>;
}
