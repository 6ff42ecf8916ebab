import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LeagueNotFoundError, LeagueNotRatedError, RatedPlayerNotFoundError, UnknownLeagueError } from './domain/league-errors';
import { LeagueRatedResults } from './domain/league-rated-results';
import { PlayerRating, RatingHistoryEntry } from './domain/ratings/rating-engine';
import { RatingSettings } from './domain/ratings/rating-settings';
import { LeaguesService } from './leagues.service';
import { Cursors } from '../platform/pagination/cursors';
import { InvalidCursorError } from '../platform/pagination/list-request';
import { Page } from '../platform/pagination/page';

export interface RatingsPage extends Page<{ rank: number; row: PlayerRating }> {
  settings: RatingSettings;
  /** Moves with every change a reader of any page could see: the settings and the whole table. */
  etag: string;
}

export interface HistoryPage extends Page<RatingHistoryEntry> {
  settings: RatingSettings;
  etag: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A league's ratings (issue 43), computed on read from every rated result (LeagueRatedResults, a port this module
 * owns): a correction, a voided match or a deleted tournament shows on the next read, and the table is always
 * the replay of the results as they now stand.
 */
@Injectable()
export class LeagueRatingsService {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly results: LeagueRatedResults,
    private readonly cursors: Cursors,
  ) {}

  /** One page of the table, best first; the cursor is the last row's place in the ranking (score, matches, key). */
  async table(accountId: string, leagueId: string, request: { limit: number; cursor?: string }): Promise<RatingsPage> {
    const { settings, table } = await this.compute(accountId, leagueId);
    const scope = { leagueId, list: 'ratings' };
    let start = 0;
    if (request.cursor) {
      const position = await this.cursors.decode(request.cursor, scope);
      if (!position || position.value === null) throw new InvalidCursorError();
      const [score, matches] = JSON.parse(position.value) as [number, number];
      const after = (row: PlayerRating) => row.score < score || (row.score === score && (row.matches < matches || (row.matches === matches && row.key > position.id)));
      start = table.findIndex(after);
      if (start === -1) start = table.length;
    }
    const rows = table.slice(start, start + request.limit).map((row, i) => ({ rank: start + i + 1, row }));
    const last = rows.at(-1)?.row;
    const nextCursor =
      last && start + rows.length < table.length ? await this.cursors.encode({ value: JSON.stringify([last.score, last.matches]), id: last.key }, scope) : null;
    return { settings, items: rows, nextCursor, etag: tagOf(settings, table) };
  }

  /** One page of a player's rated results, oldest first; 404 for a key the table does not hold. */
  async history(accountId: string, leagueId: string, playerKey: string, request: { limit: number; cursor?: string }): Promise<HistoryPage> {
    const { settings, history } = await this.compute(accountId, leagueId);
    const mine = history.filter((entry) => entry.key === playerKey);
    if (mine.length === 0) throw new RatedPlayerNotFoundError();
    const scope = { leagueId, list: 'rating-history', playerKey };
    let start = 0;
    if (request.cursor) {
      const position = await this.cursors.decode(request.cursor, scope);
      if (!position || position.value === null) throw new InvalidCursorError();
      const at = position.value;
      start = mine.findIndex((entry) => {
        const when = entry.completedAt.toISOString();
        return when > at || (when === at && byText(entry.resultId, position.id) > 0);
      });
      if (start === -1) start = mine.length;
    }
    const items = mine.slice(start, start + request.limit);
    const last = items.at(-1);
    const nextCursor = last && start + items.length < mine.length ? await this.cursors.encode({ value: last.completedAt.toISOString(), id: last.resultId }, scope) : null;
    return { settings, items, nextCursor, etag: tagOf(settings, mine) };
  }

  /**
   * Each rated player's place in the table (0 the best), for seeding by rating. The league is named in a body, so
   * one the account does not have is 422 on `/league_id`, as for a tournament's league_id.
   */
  async places(accountId: string, leagueId: string): Promise<Map<string, number>> {
    const { table } = await this.compute(accountId, leagueId).catch((error: unknown) => {
      throw error instanceof LeagueNotFoundError ? new UnknownLeagueError() : error;
    });
    return new Map(table.map((row, index) => [row.key, index]));
  }

  private async compute(accountId: string, leagueId: string) {
    const league = await this.leagues.get(accountId, leagueId);
    if (league.rating === null) throw new LeagueNotRatedError();
    const settings = league.rating;
    return { settings, ...(await this.results.ratings(accountId, leagueId, settings)) };
  }
}

function tagOf(settings: RatingSettings, rows: readonly object[]): string {
  return `"r${createHash('sha256').update(JSON.stringify([settings, rows])).digest('base64url').slice(0, 27)}"`;
}
