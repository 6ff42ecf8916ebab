import { EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { containsPattern } from '../../platform/persistence/like-pattern';
import { keysetQuery, SortKeys } from '../../platform/persistence/keyset-query';
import { deleteVersioned, saveVersioned } from '../../platform/persistence/versioned-writes';
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

  findShared(shareId: string): Promise<League | null> {
    // Only unlisted rows have a share id (a check constraint); index leagues_by_share_id.
    return this.em.findOne(LeagueSchema, { shareId });
  }

  async add(league: League): Promise<void> {
    await this.em.persistAndFlush(league);
  }

  save(league: League): Promise<void> {
    return saveVersioned(this.em, league, () => new StaleLeagueError());
  }

  async remove(league: League): Promise<boolean> {
    try {
      return await deleteVersioned(this.em, LeagueSchema, league);
    } catch (error) {
      // tournaments_league_fk (on delete restrict): a tournament was attached after the league was read.
      if (error instanceof ForeignKeyConstraintViolationException) throw new LeagueNotEmptyError();
      throw error;
    }
  }

  countOwned(accountId: string): Promise<number> {
    return this.em.count(LeagueSchema, { accountId });
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
