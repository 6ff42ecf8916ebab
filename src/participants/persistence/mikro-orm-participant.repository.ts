import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { keysetQuery, SortKeys } from '../../platform/persistence/keyset-query';
import { containsPattern } from '../../platform/persistence/like-pattern';
import { preparedRows } from '../../platform/persistence/prepared-query';
import { deleteVersioned, saveVersioned } from '../../platform/persistence/versioned-writes';
import { Participant } from '../domain/participant';
import { ExternalIdTakenError, ParticipantNameTakenError, SeedTakenError } from '../domain/participant-errors';
import {
  FieldEntry,
  Entrant,
  ParticipantListQuery,
  ParticipantRepository,
  ParticipantSortField,
  Placement,
  PositionedParticipant,
  StaleParticipantError,
} from '../domain/participant.repository';
import { ParticipantSchema } from './participant.schema';

/**
 * Sort keys as SQL expressions, each backed by an (account_id, tournament_id, key, id) index (see the migration).
 * `seed` is one number: seeds 1..1024 as -1024..-1, then the unseeded by registration number.
 */
const SORT_KEYS: SortKeys<ParticipantSortField> = {
  seed: { expression: 'coalesce(seed - 1025, registration_number)', type: 'bigint' },
  name: { expression: 'lower(name) collate "C"', type: 'text' },
  created_at: { expression: 'created_at', type: 'timestamptz' },
};

/** The database's uniqueness rules, by constraint name, as the domain's errors. */
const CLASHES: Record<string, () => Error> = {
  participants_name_key: () => new ParticipantNameTakenError(),
  participants_seed_key: () => new SeedTakenError(),
  participants_external_id_key: () => new ExternalIdTakenError(),
};

@Injectable()
export class MikroOrmParticipantRepository extends ParticipantRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findOwned(accountId: string, tournamentId: string, id: string): Promise<Participant | null> {
    return this.em.findOne(ParticipantSchema, { accountId, tournamentId, id });
  }

  async add(participants: Participant[]): Promise<void> {
    // One flush: the rows go in one statement, in the batch's order, so registration numbers follow it.
    await this.reportingClashes(() => this.em.persistAndFlush(participants));
  }

  save(participant: Participant): Promise<void> {
    return this.reportingClashes(() => saveVersioned(this.em, participant, () => new StaleParticipantError()));
  }

  remove(participant: Participant): Promise<boolean> {
    return deleteVersioned(this.em, ParticipantSchema, participant);
  }

  async entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Entrant[]> {
    if (ids.length === 0) return [];
    // The driver's query builder spreads an array bound to `in (?)` into one placeholder per id.
    return this.em.execute<Entrant[]>('select id, name, seed from participants where account_id = ? and tournament_id = ? and id in (?)', [
      accountId,
      tournamentId,
      [...ids],
    ]);
  }

  async count(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await this.em.execute<{ count: number }[]>(
      'select count(*)::int as count from participants where account_id = ? and tournament_id = ?',
      [accountId, tournamentId],
    );
    return row.count;
  }

  withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]> {
    return this.em.find(ParticipantSchema, { accountId, tournamentId, status: { $ne: 'active' } });
  }

  async list(query: ParticipantListQuery): Promise<PositionedParticipant[]> {
    const builder = keysetQuery(this.em.getKnex(), 'participants', SORT_KEYS, query)
      .where('account_id', query.accountId)
      .where('tournament_id', query.tournamentId);
    if (query.filters.q) builder.whereRaw(`name ilike ? escape '\\'`, [containsPattern(query.filters.q)]);
    const rows = await this.em.execute<(Record<string, unknown> & { sort_key: string })[]>(builder);
    // registration_number is the database's own (the seed order's tie-break); the domain does not carry it.
    return rows.map(({ sort_key, registration_number: _registrationNumber, ...row }) => ({
      participant: this.em.map(ParticipantSchema, row as never),
      position: { value: sort_key, id: row.id as string },
    }));
  }

  async seedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]> {
    // Plain rows, not entities: thousands of entities in the identity map cost the event loop at every flush.
    const rows = await this.em.execute<(Omit<FieldEntry, 'checkedInAt'> & { checkedInAt: string | Date | null })[]>(
      `select id, seed, name, name_key as "nameKey", external_id as "externalId", status, checked_in_at as "checkedInAt",
              final_rank as "finalRank"
         from participants where account_id = ? and tournament_id = ? order by ${SORT_KEYS.seed.expression}, id`,
      [accountId, tournamentId],
    );
    return rows.map((row) => ({ ...row, checkedInAt: row.checkedInAt === null ? null : new Date(row.checkedInAt) }));
  }

  async removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void> {
    await this.em.execute('delete from participants where account_id = ? and tournament_id = ? and checked_in_at is null', [accountId, tournamentId]);
  }

  async setFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void> {
    if (ranks.size === 0) return;
    // The whole batch is one jsonb parameter: one statement whatever the field's size.
    await this.em.execute(
      `update participants p set final_rank = r.rank, version = p.version + 1, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as r (id uuid, rank int)
        where p.account_id = ? and p.tournament_id = ? and p.id = r.id and p.final_rank is distinct from r.rank`,
      [JSON.stringify([...ranks].map(([id, rank]) => ({ id, rank }))), accountId, tournamentId],
    );
  }

  async placementsIn(accountId: string, tournamentIds: readonly string[]): Promise<Placement[]> {
    if (tournamentIds.length === 0) return [];
    // Plain rows of a prepared statement, no entities: a league over 50 tournaments of 256 reads 12 800 of them.
    // (Aggregating each tournament's participants into one JSON value in SQL measured slower.)
    const rows = await preparedRows<Record<string, unknown>>(
      this.em,
      `select tournament_id, id, name, external_id, seed, final_rank from participants
        where account_id = ? and tournament_id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
      [accountId, JSON.stringify(tournamentIds)],
    );
    return rows.map((row) => ({
      tournamentId: row.tournament_id as string,
      participantId: row.id as string,
      name: row.name as string,
      externalId: row.external_id as string | null,
      seed: row.seed as number | null,
      finalRank: row.final_rank as number | null,
    }));
  }

  private async reportingClashes(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      const clash = error instanceof UniqueConstraintViolationException && CLASHES[(error as { constraint?: string }).constraint ?? ''];
      if (!clash) throw error;
      // The failed rows stay in the identity map; nothing of this unit of work is worth keeping.
      this.em.clear();
      throw clash();
    }
  }
}
