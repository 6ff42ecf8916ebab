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
 * A league's ratings (issue 43), read from the stored table that play keeps (LeagueRatedResults, a port this module
 * owns): a report, a correction, a voided match or a deleted tournament shows on the next read, and the table is
 * always the replay of the results as they now stand.
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
    const settings = await this.settingsOf(accountId, leagueId);
    const { rows: table, version } = await this.results.table(accountId, leagueId, settings);
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
    return { settings, items: rows, nextCursor, etag: tagOf(settings, version) };
  }

  /** One page of a player's rated results, oldest first; 404 for a key the table does not hold. */
  async history(accountId: string, leagueId: string, playerKey: string, request: { limit: number; cursor?: string }): Promise<HistoryPage> {
    const settings = await this.settingsOf(accountId, leagueId);
    const { rows: mine, version } = await this.results.history(accountId, leagueId, settings, playerKey);
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
    return { settings, items, nextCursor, etag: tagOf(settings, version) };
  }

  /**
   * Each rated player's place in the table (0 the best), for seeding by rating. The league is named in a body, so
   * one the account does not have is 422 on `/league_id`, as for a tournament's league_id.
   */
  async places(accountId: string, leagueId: string): Promise<Map<string, number>> {
    const settings = await this.settingsOf(accountId, leagueId).catch((error: unknown) => {
      throw error instanceof LeagueNotFoundError ? new UnknownLeagueError() : error;
    });
    const { rows: table } = await this.results.table(accountId, leagueId, settings);
    return new Map(table.map((row, index) => [row.key, index]));
  }

  private async settingsOf(accountId: string, leagueId: string): Promise<RatingSettings> {
    const league = await this.leagues.get(accountId, leagueId);
    if (league.rating === null) throw new LeagueNotRatedError();
    return league.rating;
  }
}

/** The stored ratings' version moves with every change of the table or a history; the settings name what a row shows. */
function tagOf(settings: RatingSettings, version: number): string {
  return `"r${createHash('sha256').update(JSON.stringify([settings, version])).digest('base64url').slice(0, 27)}"`;
}
