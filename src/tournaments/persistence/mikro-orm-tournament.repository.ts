import { EntityManager, OptimisticLockError } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { keysetQuery, SortKeys } from '../../shared/persistence/keyset-query';
import { containsPattern } from '../../shared/persistence/like-pattern';
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

@Injectable()
export class MikroOrmTournamentRepository extends TournamentRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findOwned(accountId: string, id: string): Promise<Tournament | null> {
    return this.em.findOne(TournamentSchema, { id, accountId });
  }

  async add(tournament: Tournament): Promise<void> {
    await this.em.persistAndFlush(tournament);
  }

  async save(tournament: Tournament): Promise<void> {
    try {
      await this.em.persistAndFlush(tournament);
    } catch (error) {
      if (!(error instanceof OptimisticLockError)) throw error;
      // The identity map holds a version nobody has any more: start over from the database.
      this.em.clear();
      throw new StaleTournamentError();
    }
  }

  async remove(tournament: Tournament): Promise<boolean> {
    const deleted = await this.em.nativeDelete(TournamentSchema, {
      id: tournament.id,
      accountId: tournament.accountId,
      version: tournament.version,
    });
    if (deleted === 0) this.em.clear();
    else this.em.getUnitOfWork().unsetIdentity(tournament);
    return deleted > 0;
  }

  async list(query: TournamentListQuery): Promise<PositionedTournament[]> {
    const { filters } = query;
    const knex = this.em.getKnex();
    const builder = keysetQuery(knex, 'tournaments', SORT_KEYS, query).where('account_id', query.accountId);
    if (filters.status) builder.whereIn('status', filters.status);
    if (filters.format) builder.where('format', filters.format);
    if (filters.leagueId) builder.where('league_id', filters.leagueId);
    if (filters.game) builder.whereRaw('lower(game) = lower(?)', [filters.game]);
    if (filters.q) builder.whereRaw(`name ilike ? escape '\\'`, [containsPattern(filters.q)]);
    if (filters.startsAfter) builder.where('starts_at', '>=', filters.startsAfter);
    if (filters.startsBefore) builder.where('starts_at', '<', filters.startsBefore);
    const rows = await this.em.execute<(Record<string, unknown> & { sort_key: string | null })[]>(builder);
    return rows.map(({ sort_key, ...row }) => ({
      tournament: this.em.map(TournamentSchema, row as never),
      position: { value: sort_key, id: row.id as string },
    }));
  }
}
