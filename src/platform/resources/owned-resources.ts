import { isShareId } from '../../kernel/sharing';
import { ExpectedVersion, withFreshVersion } from '../concurrency/fresh-version';
import { RetiredShareLinks } from '../sharing/retired-share-links';
import { OwnedResource, OwnedRows } from './owned-rows';

/**
 * What every resource's use cases do alike: read one of the account's (404 as if it never existed when it is
 * another's), read one by its share link, re-apply a write to the newest version, and retire a share link a
 * committed write made dead. A service composes one; what is its own (events, transactions, rules) stays with it.
 */
export class OwnedResources<T extends OwnedResource> {
  constructor(
    private readonly rows: OwnedRows<T>,
    private readonly notFound: () => Error,
    /** `league`: how "other requests kept changing the …" names it. */
    private readonly what: string,
    private readonly retiredLinks: RetiredShareLinks,
  ) {}

  async get(accountId: string, id: string): Promise<T> {
    const resource = await this.rows.findOwned(accountId, id);
    if (!resource) throw this.notFound();
    return resource;
  }

  /** For public viewing: the unlisted resource behind a share link, or 404 as if it never existed. */
  async findShared(shareId: string): Promise<T> {
    const resource = isShareId(shareId) ? await this.rows.findShared(shareId) : null;
    if (!resource) throw this.notFound();
    return resource;
  }

  /** A read-modify-write of the newest version, held to If-Match (fresh-version.ts). */
  freshVersion<R>(accountId: string, id: string, expected: ExpectedVersion<T>, write: (resource: T) => Promise<R>): Promise<R> {
    return withFreshVersion(() => this.get(accountId, id), expected, write, this.what);
  }

  /**
   * Watches a write's share link: `read` it as the write reads the resource, then, once the write is committed,
   * `settle` with the resource as written (null when deleted). A link it no longer has (made private, rotated,
   * deleted) is dead everywhere before the organiser hears so.
   */
  shareLinkWatch(): ShareLinkWatch {
    return new ShareLinkWatch(this.retiredLinks);
  }
}

export class ShareLinkWatch {
  private readShareId: string | null = null;

  constructor(private readonly retiredLinks: RetiredShareLinks) {}

  read(resource: OwnedResource): void {
    this.readShareId = resource.shareId;
  }

  async settle(written: OwnedResource | null): Promise<void> {
    if (this.readShareId !== (written?.shareId ?? null)) await this.retiredLinks.retired(this.readShareId);
  }
}
