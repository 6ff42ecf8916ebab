import { EntityManager, ForeignKeyConstraintViolationException, OptimisticLockError } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { containsPattern } from '../../shared/persistence/like-pattern';
import { keysetQuery, SortKeys } from '../../shared/persistence/keyset-query';
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
import { LeagueSchema, tournamentCountSql } from './league.schema';

/**
 * Sort keys as SQL expressions, each backed by an (account_id, key, id) index
 * (see the migration). Leagues without a start date sort as +infinity: last ascending, first descending.
 */
const SORT_KEYS: SortKeys<LeagueSortField> = {
  created_at: { expression: 'created_at', type: 'timestamptz' },
  starts_on: { expression: "coalesce(starts_on, 'infinity'::date)", type: 'date' },
  name: { expression: 'lower(name) collate "C"', type: 'text' },
};

@Injectable()
export class MikroOrmLeagueRepository extends LeagueRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findOwned(accountId: string, id: string): Promise<League | null> {
    return this.em.findOne(LeagueSchema, { id, accountId });
  }

  async add(league: League): Promise<void> {
    await this.em.persistAndFlush(league);
  }

  async save(league: League): Promise<void> {
    try {
      await this.em.persistAndFlush(league);
    } catch (error) {
      if (!(error instanceof OptimisticLockError)) throw error;
      // The identity map holds a version nobody has any more: start over from the database.
      this.em.clear();
      throw new StaleLeagueError();
    }
  }

  async remove(league: League): Promise<boolean> {
    let deleted: number;
    try {
      deleted = await this.em.nativeDelete(LeagueSchema, { id: league.id, accountId: league.accountId, version: league.version });
    } catch (error) {
      // tournaments_league_fk (on delete restrict): a tournament was attached after the league was read.
      if (error instanceof ForeignKeyConstraintViolationException) throw new LeagueNotEmptyError();
      throw error;
    }
    if (deleted === 0) this.em.clear();
    else this.em.getUnitOfWork().unsetIdentity(league);
    return deleted > 0;
  }

  async list(query: LeagueListQuery): Promise<PositionedLeague[]> {
    const { filters } = query;
    const knex = this.em.getKnex();
    const builder = keysetQuery(knex, 'leagues', SORT_KEYS, query)
      .select(knex.raw(`${tournamentCountSql('leagues')} as tournament_count`))
      .where('account_id', query.accountId);
    if (filters.status) builder.whereIn('status', filters.status);
    if (filters.game) builder.whereRaw('lower(game) = lower(?)', [filters.game]);
    if (filters.season) builder.whereRaw('lower(season) = lower(?)', [filters.season]);
    if (filters.q) builder.whereRaw(`name ilike ? escape '\\'`, [containsPattern(filters.q)]);
    const rows = await this.em.execute<(Record<string, unknown> & { sort_key: string | null })[]>(builder);
    return rows.map(({ sort_key, ...row }) => ({
      league: this.em.map(LeagueSchema, row as never),
      position: { value: sort_key, id: row.id as string },
    }));
  }

  async lockForAttachment(accountId: string, id: string): Promise<LeagueStatus | null> {
    const [row] = await this.em.execute<{ status: LeagueStatus }[]>('select status from leagues where id = ? and account_id = ? for share', [
      id,
      accountId,
    ]);
    return row?.status ?? null;
  }
}
