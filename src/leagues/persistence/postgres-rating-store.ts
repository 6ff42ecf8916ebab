import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { parseTimestamptz } from '../../platform/persistence/pg-timestamp';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { byStanding, Outcome, PlayerRating, RatingHistoryEntry, RatingPosition, RatingValues } from '../domain/ratings/rating-engine';
import { RatingState, RatingStore, StoredResult } from '../domain/ratings/rating-store';

/** The advisory-lock namespace of rating updates (two-key form, beside the refreshes' 32 001). */
const RATING_LOCK_SPACE = 43_001;

interface RowRecord {
  player_key: string;
  name: string;
  rating_values: RatingValues;
  score: number;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  last_change: number | null;
  last_changed_at: Date | null;
  provisional: boolean;
}

interface HistoryRecord {
  result_id: string;
  player_key: string;
  match_id: string;
  tournament_id: string;
  completed_at: Date;
  rank: number;
  outcome: Outcome;
  before: RatingValues;
  after: RatingValues;
  score_before: number;
  score_after: number;
}

const ROW_COLUMNS = 'player_key, name, rating_values, score, matches, wins, draws, losses, last_change, last_changed_at, provisional';
const HISTORY_COLUMNS = 'result_id, player_key, match_id, tournament_id, completed_at, rank, outcome, before, after, score_before, score_after';

/** The stored ratings as rows of league_rating_states, league_ratings and league_rating_history; batches go as one jsonb parameter. */
@Injectable()
export class PostgresRatingStore extends RatingStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lock(_accountId: string, leagueId: string): Promise<void> {
    await queryRows(this.em, 'select pg_advisory_xact_lock(?, hashtext(?))::text as locked', [RATING_LOCK_SPACE, leagueId]);
  }

  async state(accountId: string, leagueId: string): Promise<RatingState | null> {
    const [row] = await queryRows<{ settings: string; tournament_ids: string[]; through_at: Date | null; through_id: string | null; version: number }>(
      this.em,
      `select settings, array_to_json(tournament_ids) as tournament_ids, through_at, through_id, version
         from league_rating_states where account_id = ? and league_id = ?`,
      [accountId, leagueId],
    );
    if (!row) return null;
    const through = row.through_at !== null && row.through_id !== null ? { completedAt: instant(row.through_at), id: row.through_id } : null;
    return { settings: row.settings, tournamentIds: row.tournament_ids, through, version: row.version };
  }

  async resultsOf(accountId: string, leagueId: string, tournamentIds: readonly string[]): Promise<StoredResult[]> {
    if (tournamentIds.length === 0) return [];
    const rows = await queryRows<{ result_id: string; tournament_id: string; completed_at: Date; player_key: string; rank: number }>(
      this.em,
      `select result_id, tournament_id, completed_at, player_key, rank from league_rating_history
        where account_id = ? and league_id = ? and tournament_id = any(?::uuid[])`,
      [accountId, leagueId, tournamentIds],
    );
    const results = new Map<string, StoredResult>();
    for (const row of rows) {
      let result = results.get(row.result_id);
      if (!result) {
        result = { id: row.result_id, tournamentId: row.tournament_id, completedAt: instant(row.completed_at), placings: [] };
        results.set(row.result_id, result);
      }
      result.placings.push({ key: row.player_key, rank: row.rank });
    }
    return [...results.values()];
  }

  async players(accountId: string, leagueId: string, keys?: readonly string[]): Promise<PlayerRating[]> {
    const rows = keys
      ? await queryRows<RowRecord>(this.em, `select ${ROW_COLUMNS} from league_ratings where account_id = ? and league_id = ? and player_key = any(?::text[])`, [
          accountId,
          leagueId,
          keys,
        ])
      : await queryRows<RowRecord>(this.em, `select ${ROW_COLUMNS} from league_ratings where account_id = ? and league_id = ?`, [accountId, leagueId]);
    return rows.map(playerOf).sort(byStanding);
  }

  async playersBefore(accountId: string, leagueId: string, position: RatingPosition): Promise<PlayerRating[]> {
    const rows = await queryRows<RowRecord>(
      this.em,
      `with before as (
         select * from league_rating_history
          where account_id = ? and league_id = ? and (completed_at, result_id) < (?, ?)
       ), last as (
         select distinct on (player_key) player_key, after, score_after, score_after - score_before as last_change, completed_at
           from before order by player_key, completed_at desc, result_id desc
       ), counts as (
         select player_key, count(*)::int as matches, (count(*) filter (where outcome = 'win'))::int as wins,
                (count(*) filter (where outcome = 'draw'))::int as draws, (count(*) filter (where outcome = 'loss'))::int as losses
           from before group by player_key
       )
       select l.player_key, r.name, l.after as rating_values, l.score_after as score, c.matches, c.wins, c.draws, c.losses,
              l.last_change, l.completed_at as last_changed_at, true as provisional
         from last l join counts c using (player_key)
         join league_ratings r on r.account_id = ? and r.league_id = ? and r.player_key = l.player_key`,
      [accountId, leagueId, position.completedAt, position.id, accountId, leagueId],
    );
    return rows.map(playerOf);
  }

  async history(accountId: string, leagueId: string, playerKey: string): Promise<RatingHistoryEntry[]> {
    const rows = await queryRows<HistoryRecord>(
      this.em,
      `select ${HISTORY_COLUMNS} from league_rating_history
        where account_id = ? and league_id = ? and player_key = ? order by completed_at, result_id`,
      [accountId, leagueId, playerKey],
    );
    return rows.map((row) => ({
      key: row.player_key,
      resultId: row.result_id,
      matchId: row.match_id,
      tournamentId: row.tournament_id,
      completedAt: instant(row.completed_at),
      rank: row.rank,
      outcome: row.outcome,
      before: row.before,
      after: row.after,
      scoreBefore: row.score_before,
      scoreAfter: row.score_after,
    }));
  }

  async save(
    accountId: string,
    leagueId: string,
    { state, rows, entries, from }: { state: RatingState; rows: readonly PlayerRating[]; entries: readonly RatingHistoryEntry[]; from?: RatingPosition | 'start' },
  ): Promise<void> {
    await writeRows(
      this.em,
      `insert into league_rating_states (account_id, league_id, settings, tournament_ids, through_at, through_id, version)
       values (?, ?, ?, ?::uuid[], ?, ?, ?)
       on conflict (account_id, league_id) do update set settings = excluded.settings, tournament_ids = excluded.tournament_ids,
         through_at = excluded.through_at, through_id = excluded.through_id, version = excluded.version`,
      [accountId, leagueId, state.settings, state.tournamentIds, state.through?.completedAt ?? null, state.through?.id ?? null, state.version],
    );
    if (from === 'start') {
      await writeRows(this.em, 'delete from league_rating_history where account_id = ? and league_id = ?', [accountId, leagueId]);
    } else if (from) {
      await writeRows(
        this.em,
        'delete from league_rating_history where account_id = ? and league_id = ? and (completed_at, result_id) >= (?, ?)',
        [accountId, leagueId, from.completedAt, from.id],
      );
    }
    if (from) {
      await writeRows(this.em, 'delete from league_ratings where account_id = ? and league_id = ? and not (player_key = any(?::text[]))', [
        accountId,
        leagueId,
        rows.map((row) => row.key),
      ]);
    }
    if (rows.length > 0) {
      await writeRows(
        this.em,
        `insert into league_ratings (account_id, league_id, ${ROW_COLUMNS})
         select ?, ?, ${ROW_COLUMNS} from jsonb_to_recordset(?::jsonb) as r (player_key text, name text, rating_values jsonb, score double precision,
           matches int, wins int, draws int, losses int, last_change double precision, last_changed_at timestamptz, provisional boolean)
         on conflict (account_id, league_id, player_key) do update set name = excluded.name, rating_values = excluded.rating_values,
           score = excluded.score, matches = excluded.matches, wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
           last_change = excluded.last_change, last_changed_at = excluded.last_changed_at, provisional = excluded.provisional`,
        [accountId, leagueId, JSON.stringify(rows.map(recordOf))],
      );
    }
    if (entries.length > 0) {
      await writeRows(
        this.em,
        `insert into league_rating_history (account_id, league_id, ${HISTORY_COLUMNS})
         select ?, ?, ${HISTORY_COLUMNS} from jsonb_to_recordset(?::jsonb) as h (result_id text, player_key text, match_id uuid, tournament_id uuid,
           completed_at timestamptz, rank int, outcome text, before jsonb, after jsonb, score_before double precision, score_after double precision)`,
        [accountId, leagueId, JSON.stringify(entries.map(historyRecordOf))],
      );
    }
  }

  async clear(accountId: string, leagueId: string): Promise<void> {
    // The state row stays, its version raised, so an ETag of the old table never matches a later one.
    await writeRows(this.em, 'delete from league_rating_history where account_id = ? and league_id = ?', [accountId, leagueId]);
    await writeRows(this.em, 'delete from league_ratings where account_id = ? and league_id = ?', [accountId, leagueId]);
    await writeRows(
      this.em,
      `update league_rating_states set settings = 'null', tournament_ids = '{}', through_at = null, through_id = null, version = version + 1
        where account_id = ? and league_id = ?`,
      [accountId, leagueId],
    );
  }
}

/** Timestamps come as text from prepared statements. */
const instant = (value: Date | string) => (value instanceof Date ? value : parseTimestamptz(value));

function playerOf(row: RowRecord): PlayerRating {
  return {
    key: row.player_key,
    name: row.name,
    values: row.rating_values,
    score: row.score,
    matches: row.matches,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    lastChange: row.last_change,
    lastChangedAt: row.last_changed_at === null ? null : instant(row.last_changed_at),
    provisional: row.provisional,
  };
}

function recordOf(row: PlayerRating): RowRecord {
  return {
    player_key: row.key,
    name: row.name,
    rating_values: row.values,
    score: row.score,
    matches: row.matches,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    last_change: row.lastChange,
    last_changed_at: row.lastChangedAt,
    provisional: row.provisional,
  };
}

function historyRecordOf(entry: RatingHistoryEntry): HistoryRecord {
  return {
    result_id: entry.resultId,
    player_key: entry.key,
    match_id: entry.matchId,
    tournament_id: entry.tournamentId,
    completed_at: entry.completedAt,
    rank: entry.rank,
    outcome: entry.outcome,
    before: entry.before,
    after: entry.after,
    score_before: entry.scoreBefore,
    score_after: entry.scoreAfter,
  };
}
