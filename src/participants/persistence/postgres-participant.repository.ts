import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { violatedConstraint } from '../../platform/persistence/database-errors';
import { KeysetStatement, keysetSql, SortKeys } from '../../platform/persistence/keyset-query';
import { containsPattern } from '../../platform/persistence/like-pattern';
import { PlainRows } from '../../platform/persistence/plain-rows';
import { queryRows, writeRows } from '../../platform/persistence/sql';
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

/** Never rewritten by an update (version is bumped separately). */
const IMMUTABLE_COLUMNS = new Set(['id', 'account_id', 'tournament_id', 'created_at', 'version']);

/**
 * Participants in PostgreSQL through the persistence helper (docs/design/persistence.md): prepared
 * statements, rows mapped from the EntitySchema to plain Participant objects, the `version` column as the
 * concurrency check, the unique indexes' refusals as the domain's errors.
 */
@Injectable()
export class PostgresParticipantRepository extends ParticipantRepository {
  private readonly rows: PlainRows<Participant>;

  constructor(private readonly em: EntityManager) {
    super();
    this.rows = new PlainRows(em, ParticipantSchema);
  }

  async findOwned(accountId: string, tournamentId: string, id: string): Promise<Participant | null> {
    const [row] = await queryRows<Record<string, unknown>>(this.em, 'select * from participants where account_id = ? and tournament_id = ? and id = ?', [
      accountId,
      tournamentId,
      id,
    ]);
    return row ? this.rows.toEntity(row) : null;
  }

  async add(participants: Participant[]): Promise<void> {
    if (participants.length === 0) return;
    // One statement, the rows in the batch's order, so registration numbers follow it.
    const fields = this.rows.fields;
    const row = `(${fields.map(() => '?').join(', ')})`;
    const sql = `insert into participants (${fields.join(', ')}) values ${participants.map(() => row).join(', ')}`;
    await this.reportingClashes(() => writeRows(this.em, sql, participants.flatMap((participant) => this.rows.values(participant))));
  }

  async save(participant: Participant): Promise<void> {
    const assignments = this.rows.assignments(participant, IMMUTABLE_COLUMNS);
    const updated = await this.reportingClashes(() =>
      writeRows(
        this.em,
        `update participants set ${assignments.sql}, version = version + 1 where account_id = ? and id = ? and version = ?`,
        [...assignments.values, participant.accountId, participant.id, participant.version],
      ),
    );
    if (updated === 0) throw new StaleParticipantError();
    participant.version += 1;
  }

  async remove(participant: Participant): Promise<boolean> {
    const deleted = await writeRows(this.em, 'delete from participants where account_id = ? and id = ? and version = ?', [
      participant.accountId,
      participant.id,
      participant.version,
    ]);
    return deleted > 0;
  }

  async entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Entrant[]> {
    if (ids.length === 0) return [];
    // The driver's query builder spreads an array bound to `in (?)` into one placeholder per id.
    return queryRows<Entrant>(
      this.em,
      'select id, name, seed from participants where account_id = ? and tournament_id = ? and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))',
      [accountId, tournamentId, JSON.stringify(ids)],
    );
  }

  async count(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(this.em, 'select count(*)::int as count from participants where account_id = ? and tournament_id = ?', [
      accountId,
      tournamentId,
    ]);
    return row.count;
  }

  async withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.em,
      "select * from participants where account_id = ? and tournament_id = ? and status <> 'active'",
      [accountId, tournamentId],
    );
    return rows.map((row) => this.rows.toEntity(row));
  }

  async list(query: ParticipantListQuery): Promise<PositionedParticipant[]> {
    const { sql, values } = keysetSql('participants', '*', SORT_KEYS, query, listConditions(query));
    const rows = await queryRows<Record<string, unknown> & { sort_key: string }>(this.em, sql, values);
    // registration_number is the database's own (the seed order's tie-break); the domain does not carry it.
    return rows.map((row) => ({ participant: this.rows.toEntity(row), position: { value: row.sort_key, id: row.id as string } }));
  }

  async seedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]> {
    // Plain rows: a field may be thousands of participants.
    const rows = await queryRows<Omit<FieldEntry, 'checkedInAt'> & { checkedInAt: string | Date | null }>(
      this.em,
      `select id, seed, name, name_key as "nameKey", external_id as "externalId", status, checked_in_at as "checkedInAt",
              final_rank as "finalRank", group_label as "group"
         from participants where account_id = ? and tournament_id = ? order by ${SORT_KEYS.seed.expression}, id`,
      [accountId, tournamentId],
    );
    return rows.map((row) => ({ ...row, checkedInAt: row.checkedInAt === null ? null : new Date(row.checkedInAt) }));
  }

  async removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void> {
    await writeRows(this.em, 'delete from participants where account_id = ? and tournament_id = ? and checked_in_at is null', [accountId, tournamentId]);
  }

  async setFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void> {
    if (ranks.size === 0) return;
    // The whole batch is one jsonb parameter: one statement whatever the field's size.
    await writeRows(
      this.em,
      `update participants p set final_rank = r.rank, version = p.version + 1, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as r (id uuid, rank int)
        where p.account_id = ? and p.tournament_id = ? and p.id = r.id and p.final_rank is distinct from r.rank`,
      [JSON.stringify([...ranks].map(([id, rank]) => ({ id, rank }))), accountId, tournamentId],
    );
  }

  async setSeeds(accountId: string, tournamentId: string, seeds: ReadonlyMap<string, number | null>): Promise<Participant[]> {
    if (seeds.size === 0) return [];
    const batch = JSON.stringify([...seeds].map(([id, seed]) => ({ id, seed })));
    // The unique seed index is checked row by row: clearing first lets two participants swap seeds.
    await writeRows(
      this.em,
      `update participants p set seed = null from jsonb_to_recordset(?::jsonb) as r (id uuid)
        where p.account_id = ? and p.tournament_id = ? and p.id = r.id`,
      [batch, accountId, tournamentId],
    );
    const rows = await this.reportingClashes(() =>
      queryRows<Record<string, unknown>>(
        this.em,
        `update participants p set seed = r.seed, version = p.version + 1, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as r (id uuid, seed int)
          where p.account_id = ? and p.tournament_id = ? and p.id = r.id
          returning p.*`,
        [batch, accountId, tournamentId],
      ),
    );
    return rows.map((row) => this.rows.toEntity(row));
  }

  async placementsIn(accountId: string, tournamentIds: readonly string[]): Promise<Placement[]> {
    if (tournamentIds.length === 0) return [];
    // Only the columns a league table needs: a league over 50 tournaments of 256 reads 12 800 of them.
    // (Aggregating each tournament's participants into one JSON value in SQL measured slower.)
    const rows = await queryRows<Record<string, unknown>>(
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

  private async reportingClashes<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const clash = CLASHES[violatedConstraint(error, 'unique') ?? ''];
      if (!clash) throw error;
      throw clash();
    }
  }
}

/** The tournament and the name search, as SQL with `?` placeholders (the text varies only by whether there is a search). */
function listConditions({ accountId, tournamentId, filters }: ParticipantListQuery): KeysetStatement {
  const where = ['account_id = ?', 'tournament_id = ?'];
  const values: unknown[] = [accountId, tournamentId];
  if (filters.q) {
    where.push(`name ilike ? escape '\\'`);
    values.push(containsPattern(filters.q));
  }
  return { sql: where.join(' and '), values };
}
