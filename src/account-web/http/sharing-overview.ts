import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../kernel/domain-error';
import { isUuid } from '../../kernel/ids';
import { Visibility } from '../../kernel/sharing';
import { LeaguesService } from '../../leagues';
import { TournamentsService } from '../../tournaments';

/** What the account page shows of one tournament or league. */
export interface SharedItem {
  kind: 'tournaments' | 'leagues';
  id: string;
  name: string;
  status: string;
  visibility: Visibility;
  shareId: string | null;
}

export type SharingKind = SharedItem['kind'];

/** Pages of the API's own size; an account with more than this many shows the newest (the API lists them all). */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/**
 * The account page's "Tournaments and leagues" section: lists through the tournaments and leagues services, and
 * shares or stops sharing through the same `update` the API's PATCH visibility calls, so events, webhooks and
 * share-link drops are the same whichever way the organiser chose.
 */
@Injectable()
export class SharingOverview {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly leagues: LeaguesService,
  ) {}

  async listFor(accountId: string): Promise<{ tournaments: SharedItem[]; leagues: SharedItem[]; truncated: boolean }> {
    const [tournaments, leagues] = await Promise.all([
      collect((cursor) => this.tournaments.list(accountId, { filters: {}, sort: { field: 'created_at', direction: 'desc' }, limit: PAGE_SIZE, cursor })),
      collect((cursor) => this.leagues.list(accountId, { filters: {}, sort: { field: 'created_at', direction: 'desc' }, limit: PAGE_SIZE, cursor })),
    ]);
    return {
      tournaments: tournaments.items.map((item) => ({ kind: 'tournaments', ...itemOf(item) })),
      leagues: leagues.items.map((item) => ({ kind: 'leagues', ...itemOf(item) })),
      truncated: tournaments.truncated || leagues.truncated,
    };
  }

  /** Another account's id (or a malformed one) is the services' 404, as in the API. */
  async setVisibility(accountId: string, kind: SharingKind, id: string, visibility: Visibility): Promise<void> {
    if (!isUuid(id)) throw new NotListedError();
    // No If-Match: re-applied to the newest version, since a button says what the organiser wants now.
    try {
      if (kind === 'tournaments') await this.tournaments.update(accountId, id.toLowerCase(), { visibility }, undefined);
      else await this.leagues.update(accountId, id.toLowerCase(), { visibility }, undefined);
    } catch (error) {
      if (isNotFound(error)) throw new NotListedError();
      throw error;
    }
  }
}

/** Neither this account's tournament nor its league (deleted since the page was shown, or never its own). */
export class NotListedError extends Error {}

function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError;
}

interface Listed {
  id: string;
  name: string;
  status: string;
  visibility: Visibility;
  shareId: string | null;
}

function itemOf(item: Listed): Omit<SharedItem, 'kind'> {
  return { id: item.id, name: item.name, status: item.status, visibility: item.visibility, shareId: item.shareId };
}

async function collect<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string | null }>) {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const next = await page(cursor);
    items.push(...next.items);
    if (!next.nextCursor) return { items, truncated: false };
    cursor = next.nextCursor;
  }
  return { items, truncated: true };
}
