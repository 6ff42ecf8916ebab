import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { violatedConstraint } from '../../platform/persistence/database-errors';
import { containsPattern } from '../../platform/persistence/like-pattern';
import { Conditions, KeysetStatement, keysetSql, SortKeys } from '../../platform/persistence/keyset-query';
import { PlainRows } from '../../platform/persistence/plain-rows';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { League } from '../domain/league';
import { LeagueNotEmptyError } from '../domain/league-errors';
import { LeagueStatus } from '../domain/league-status';
import {
  LeagueListQuery,
  LeagueRepository,
  LeagueSortField,
  PositionedLeague,
  StaleLeagueError,
} from '../domain/league.repository';
import { LeagueTournamentCounts } from '../domain/league-tournament-counts';
import { LeagueSchema } from './league.schema';

/**
 * Sort keys as SQL expressions, each backed by an (account_id, key, id) index
 * (see the migration). Leagues without a start date sort as +infinity: last ascending, first descending.
 */
const SORT_KEYS: SortKeys<LeagueSortField> = {
  created_at: { expression: 'created_at', type: 'timestamptz' },
  starts_on: { expression: "coalesce(starts_on, 'infinity'::date)", type: 'date' },
  name: { expression: 'lower(name) collate "C"', type: 'text' },
};

/** Every column (`tournamentCount` is asked of the tournaments module, which keeps the tournaments). */
const COLUMNS = '*';

/** Never rewritten by an update (version is bumped separately). */
const IMMUTABLE_COLUMNS = new Set(['id', 'account_id', 'created_at', 'version']);

/**
 * Leagues in PostgreSQL through the persistence helper (docs/design/persistence.md): prepared statements,
 * rows mapped from the EntitySchema to plain League objects, the `version` column as the concurrency check.
 */
@Injectable()
export class PostgresLeagueRepository extends LeagueRepository {
  private readonly rows: PlainRows<League>;

  constructor(
    private readonly em: EntityManager,
    private readonly tournamentCounts: LeagueTournamentCounts,
  ) {
    super();
    this.rows = new PlainRows(em, LeagueSchema);
  }

  async findOwned(accountId: string, id: string): Promise<League | null> {
    const [row] = await queryRows<Record<string, unknown>>(this.em, `select ${COLUMNS} from leagues where id = ? and account_id = ?`, [id, accountId]);
    return row ? (await this.counted([this.rows.toEntity(row)]))[0] : null;
  }

  async findShared(shareId: string): Promise<League | null> {
    // Only unlisted rows have a share id (a check constraint); index leagues_by_share_id.
    const [row] = await queryRows<Record<string, unknown>>(this.em, `select ${COLUMNS} from leagues where share_id = ? limit 1`, [shareId]);
    return row ? (await this.counted([this.rows.toEntity(row)]))[0] : null;
  }

  async add(league: League): Promise<void> {
    const { sql, values } = this.rows.insert('leagues', league);
    await writeRows(this.em, sql, values);
  }

  /** All columns but the keys, where the version is still the one read; the version goes up by one. */
  async save(league: League): Promise<void> {
    const assignments = this.rows.assignments(league, IMMUTABLE_COLUMNS);
    const updated = await writeRows(
      this.em,
      `update leagues set ${assignments.sql}, version = version + 1 where id = ? and account_id = ? and version = ?`,
      [...assignments.values, league.id, league.accountId, league.version],
    );
    if (updated === 0) throw new StaleLeagueError();
    league.version += 1;
  }

  async remove(league: League): Promise<boolean> {
    try {
      return (await writeRows(this.em, 'delete from leagues where id = ? and account_id = ? and version = ?', [league.id, league.accountId, league.version])) > 0;
    } catch (error) {
      // tournaments_league_fk (on delete restrict): a tournament was attached after the league was read.
      if (violatedConstraint(error, 'foreign_key') === 'tournaments_league_fk') throw new LeagueNotEmptyError();
      throw error;
    }
  }

  async countOwned(accountId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(this.em, 'select count(*)::int as count from leagues where account_id = ?', [accountId]);
    return row.count;
  }

  async list(query: LeagueListQuery): Promise<PositionedLeague[]> {
    const { sql, values } = keysetSql('leagues', COLUMNS, SORT_KEYS, query, listConditions(query));
    const rows = await queryRows<Record<string, unknown> & { sort_key: string | null }>(this.em, sql, values);
    const leagues = await this.counted(rows.map((row) => this.rows.toEntity(row)));
    return rows.map((row, index) => ({ league: leagues[index], position: { value: row.sort_key, id: row.id as string } }));
  }

  /** The leagues, each with the tournaments referencing it now: one question to the tournaments module for them all. */
  private async counted(leagues: League[]): Promise<League[]> {
    if (leagues.length === 0) return leagues;
    const counts = await this.tournamentCounts.countsOf(leagues.map((league) => league.id));
    for (const league of leagues) league.tournamentCount = counts.get(league.id) ?? 0;
    return leagues;
  }

  async lockForAttachment(accountId: string, id: string): Promise<LeagueStatus | null> {
    const [row] = await queryRows<{ status: LeagueStatus }>(this.em, 'select status from leagues where id = ? and account_id = ? for share', [id, accountId]);
    return row?.status ?? null;
  }
}

/** The account and the filters that apply, as SQL with `?` placeholders (the text varies only by which filters are set). */
function listConditions({ accountId, filters }: LeagueListQuery): KeysetStatement {
  const where = new Conditions().add('account_id = ?', accountId);
  if (filters.status) where.add(`status in (${filters.status.map(() => '?').join(', ')})`, ...filters.status);
  if (filters.game) where.add('lower(game) = lower(?)', filters.game);
  if (filters.season) where.add('lower(season) = lower(?)', filters.season);
  if (filters.q) where.add(`name ilike ? escape '\\'`, containsPattern(filters.q));
  return where.statement();
}
