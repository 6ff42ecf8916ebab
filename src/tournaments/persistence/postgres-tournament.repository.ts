import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { NewEvent } from '../../events';
import { WritesWithEvents } from '../../events';
import { Conditions, KeysetStatement, keysetSql, SortKeys } from '../../platform/persistence/keyset-query';
import { PlainRows } from '../../platform/persistence/plain-rows';
import { openTransaction, queryArrays, queryRows } from '../../platform/persistence/sql';
import { RecentCopies } from '../../platform/persistence/recent-copies';
import { containsPattern } from '../../platform/persistence/like-pattern';
import { Tournament } from '../domain/tournament';
import {
  PositionedTournament,
  StaleTournamentError,
  TournamentListQuery,
  TournamentRepository,
  TournamentSortField,
} from '../domain/tournament.repository';
import { TournamentSchema } from './tournament.schema';

/**
 * Sort keys as SQL expressions, each backed by an (account_id, key, id) index
 * (see the migration). Null start times sort as +infinity: last ascending, first descending.
 */
const SORT_KEYS: SortKeys<TournamentSortField> = {
  created_at: { expression: 'created_at', type: 'timestamptz' },
  starts_at: { expression: "coalesce(starts_at, 'infinity'::timestamptz)", type: 'timestamptz' },
  name: { expression: 'lower(name) collate "C"', type: 'text' },
};

/**
 * Tournaments in PostgreSQL through MikroORM's connection, with hand-written
 * SQL: every read and write here is one statement, and nothing goes through
 * the identity map or change sets (a request reads or writes one aggregate;
 * the `version` column is the concurrency check, as the ORM's was).
 * A write and its event are one statement (WritesWithEvents), inside the caller's transaction when there is one
 * (UnitOfWork). What a write outside a transaction leaves is kept as a recent copy (RecentCopies), so the next change
 * of the same tournament on this instance can skip its read.
 */
@Injectable()
export class PostgresTournamentRepository extends TournamentRepository {
  private readonly rows: PlainRows<Tournament>;
  private readonly recent = new RecentCopies<Tournament>((tournament) => Object.assign(new Tournament(), tournament), RECENT_COPIES, RECENT_COPY_MAX_AGE_MS);

  constructor(
    private readonly em: EntityManager,
    private readonly writes: WritesWithEvents,
  ) {
    super();
    this.rows = new PlainRows(em, TournamentSchema);
  }

  async findOwned(accountId: string, id: string): Promise<Tournament | null> {
    const [row] = await queryRows<Record<string, unknown>>(
      this.em,
      'select * from tournaments where id = ? and account_id = ?',
      [id, accountId],
    );
    return row ? this.rows.toEntity(row) : null;
  }

  async findShared(shareId: string): Promise<Tournament | null> {
    // Only unlisted rows have a share id (a check constraint); index tournaments_by_share_id.
    const [row] = await queryRows<Record<string, unknown>>(this.em, 'select * from tournaments where share_id = ? limit 1', [shareId]);
    return row ? this.rows.toEntity(row) : null;
  }

  async add(tournament: Tournament, event: NewEvent): Promise<void> {
    const { sql, values } = this.rows.insert('tournaments', tournament);
    await this.writes.write(sql, values, event);
  }

  /**
   * All columns but the keys, where the version is still the one read (and, for a recent copy, the row is still
   * exactly the copy); the version goes up by one.
   */
  async save(tournament: Tournament, eventOf: (saved: Tournament) => NewEvent): Promise<void> {
    const assignments = this.rows.assignments(tournament, IMMUTABLE_COLUMNS);
    const read = tournament.version;
    const unchanged = this.unchangedSince(tournament, read);
    tournament.version = read + 1;
    const rowVersion = await this.writes.writeRow(
      `update tournaments set ${assignments.sql}, version = version + 1 where ${unchanged.sql}`,
      [...assignments.values, ...unchanged.values],
      eventOf(tournament),
    );
    const key = keyOf(tournament.accountId, tournament.id);
    if (rowVersion === undefined) {
      tournament.version = read;
      this.recent.forget(key);
      throw new StaleTournamentError();
    }
    // Inside a transaction the write may yet roll back: no copy is kept of what might never be.
    if (openTransaction(this.em)) this.recent.forget(key);
    else this.recent.remember(key, tournament, rowVersion);
  }

  async remove(tournament: Tournament, event: NewEvent): Promise<boolean> {
    const unchanged = this.unchangedSince(tournament, tournament.version);
    const deleted = await this.writes.write(`delete from tournaments where ${unchanged.sql}`, unchanged.values, event);
    const key = keyOf(tournament.accountId, tournament.id);
    if (deleted > 0) this.recent.removed(key, tournament);
    else this.recent.forget(key);
    return deleted > 0;
  }

  /** The row at the version read; for a recent copy, also still exactly the row the copy was taken of. */
  private unchangedSince(tournament: Tournament, version: number): { sql: string; values: unknown[] } {
    const copied = this.recent.rowVersionOf(tournament);
    const key = { sql: 'id = ? and account_id = ? and version = ?', values: [tournament.id, tournament.accountId, version] };
    return copied === undefined ? key : { sql: `${key.sql} and xmin = ?::xid`, values: [...key.values, copied] };
  }

  override recentCopy(accountId: string, id: string): Tournament | undefined {
    return openTransaction(this.em) ? undefined : this.recent.take(keyOf(accountId, id));
  }

  override wasWritten(copy: Tournament): boolean {
    return this.recent.wasWritten(copy);
  }

  async countOwned(accountId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(this.em, 'select count(*)::int as count from tournaments where account_id = ?', [accountId]);
    return row.count;
  }

  async list(query: TournamentListQuery): Promise<PositionedTournament[]> {
    const { sql, values } = keysetSql('tournaments', '*', SORT_KEYS, query, listConditions(query));
    // A name search is planned for its pattern each time (trigram index or not); the other shapes reuse one plan.
    const result = await queryArrays(this.em, sql, values, { planEachTime: Boolean(query.filters.q) });
    const sortKey = result.columns.indexOf('sort_key');
    return this.rows.entitiesOf(result).map((tournament, index) => ({
      tournament,
      position: { value: result.rows[index][sortKey] as string | null, id: tournament.id },
    }));
  }

  async lockOwned(accountId: string, id: string): Promise<Tournament | null> {
    // NO KEY UPDATE: registrations of one tournament queue behind each other, while the participants' foreign key
    // checks (KEY SHARE) and plain reads pass.
    const [row] = await queryRows<Record<string, unknown>>(this.em, 'select * from tournaments where account_id = ? and id = ? for no key update', [accountId, id]);
    return row ? this.rows.toEntity(row) : null;
  }

}

/** The account and the filters that apply, as SQL with `?` placeholders (the text varies only by which filters are set). */
function listConditions({ accountId, filters }: TournamentListQuery): KeysetStatement {
  const where = new Conditions().add('account_id = ?', accountId);
  if (filters.status) where.add(`status in (${filters.status.map(() => '?').join(', ')})`, ...filters.status);
  if (filters.format) where.add('format = ?', filters.format);
  if (filters.leagueId) where.add('league_id = ?', filters.leagueId);
  if (filters.game) where.add('lower(game) = lower(?)', filters.game);
  if (filters.q) where.add(`name ilike ? escape '\\'`, containsPattern(filters.q));
  if (filters.startsAfter) where.add('starts_at >= ?', filters.startsAfter);
  if (filters.startsBefore) where.add('starts_at < ?', filters.startsBefore);
  return where.statement();
}

function keyOf(accountId: string, id: string): string {
  return `${accountId}/${id}`;
}

/**
 * Recent copies kept: enough for every tournament being run on an instance at once. Bounded in age too, so a copy
 * is never matched against a transaction id PostgreSQL has since reused.
 */
const RECENT_COPIES = 2_048;
const RECENT_COPY_MAX_AGE_MS = 10 * 60_000;

/** Never rewritten by an update (version is bumped separately). */
const IMMUTABLE_COLUMNS = new Set(['id', 'account_id', 'created_at', 'version']);
