import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MatchBatches, MatchListQuery, MatchRecord, MatchRepository, MatchWrites, MATCHES_PER_READ_BATCH, PositionedMatch, SET_AT_CREATION } from '../domain/match.repository';
import { parseTimestamptz } from '../../platform/persistence/pg-timestamp';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { MATCH_COLUMNS } from './match.schema';
import type { MatchScope } from '../../competition';

/** The table's columns (the schema's list), each with the MatchRecord property it holds. */
const FIELDS = Object.entries(MATCH_COLUMNS).map(([field, column]) => ({ field, ...column }));

/**
 * A batch of matches travels as one JSON parameter (a JSON array of MatchRecord, as JSON.stringify writes it) and
 * jsonb_to_recordset turns it into rows: these are its fields, by their JSON (camelCase) names, and their types.
 */
const RECORDSET = FIELDS.map(({ field, columnType }) => `"${field}" ${columnType}`).join(', ');
const COLUMNS = FIELDS.map(({ fieldName }) => fieldName).join(', ');
const RECORD_FIELDS = FIELDS.map(({ field }) => `r."${field}"`).join(', ');
/** Every column under its MatchRecord name, so a row needs only its instants converted. */
const AS_RECORD = FIELDS.map(({ field, fieldName }) => `${fieldName} as "${field}"`).join(', ');
/** A match row as the JSON object JSON.parse makes a MatchRecord of (instants stay ISO text). */
const AS_JSON = `json_build_object(${FIELDS.map(({ field, fieldName }) => `'${field}', ${fieldName}`).join(', ')})`;
const KEPT: ReadonlySet<string> = new Set(SET_AT_CREATION);
/** An update's assignments from the recordset: every column but those a match keeps from its creation. */
const UPDATED = FIELDS.filter(({ field }) => !KEPT.has(field))
  .map(({ field, fieldName }) => `${fieldName} = r."${field}"`)
  .join(', ');

type InstantField = { [K in keyof MatchRecord]: (typeof MATCH_COLUMNS)[K]['type'] extends 'datetime' ? K : never }[keyof MatchRecord];
/** A row read `AS_RECORD`: a MatchRecord whose instants may still be the text PostgreSQL sent. */
type MatchRow = Omit<MatchRecord, InstantField> & { [K in InstantField]: MatchRecord[K] | string };

/** Matches per statement when a report or a start writes many (a swiss round of thousands). */
const WRITE_BATCH = 1000;
/** Batch writes carry their rows as one JSON value, so they are planned for it each time. */
const ONE_OFF = { planEachTime: true };

function inBatches<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let from = 0; from < items.length; from += WRITE_BATCH) batches.push(items.slice(from, from + WRITE_BATCH));
  return batches;
}

function instant(value: Date | string): Date;
function instant(value: Date | string | null): Date | null;
function instant(value: Date | string | null): Date | null {
  return value === null ? null : typeof value === 'string' ? parseTimestamptz(value) : new Date(value);
}

function toRecord(row: MatchRow): MatchRecord {
  return { ...row, scheduledAt: instant(row.scheduledAt), endsAt: instant(row.endsAt), pinnedAt: instant(row.pinnedAt), completedAt: instant(row.completedAt), createdAt: instant(row.createdAt), updatedAt: instant(row.updatedAt) };
}

/**
 * Matches in PostgreSQL through the persistence helper (docs/design/persistence.md): reads are prepared
 * statements whose rows become plain MatchRecords; a bracket is written in bulk (a statement per kind of change and
 * per thousand rows, the rows as one jsonb parameter), which an ORM unit of work would split into a statement per row.
 */
@Injectable()
export class PostgresMatchRepository extends MatchRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async allOf(accountId: string, tournamentId: string): Promise<MatchRecord[]> {
    // As rows, not as JSON: building JSON in PostgreSQL costs a report on a 1 024 bracket more than parsing rows here.
    const rows = await queryRows<MatchRow>(this.em, `select ${AS_RECORD} from matches where account_id = ? and tournament_id = ? order by number`, [
      accountId,
      tournamentId,
    ]);
    return rows.map(toRecord);
  }

  async allOfAsJson(accountId: string, tournamentId: string): Promise<MatchBatches> {
    // MATCHES_PER_READ_BATCH matches a row: no single huge text for the driver to assemble and decode in one go.
    const rows = await queryRows<{ matches: string }>(
      this.em,
      `select json_agg(${AS_JSON} order by number)::text as matches from matches where account_id = ? and tournament_id = ?
        group by (number - 1) / ${MATCHES_PER_READ_BATCH} order by min(number)`,
      [accountId, tournamentId],
    );
    return rows.map((row) => row.matches);
  }

  async findOwned(accountId: string, tournamentId: string, id: string): Promise<MatchRecord | null> {
    const [row] = await queryRows<MatchRow>(this.em, `select ${AS_RECORD} from matches where account_id = ? and tournament_id = ? and id = ?`, [
      accountId,
      tournamentId,
      id,
    ]);
    return row ? toRecord(row) : null;
  }

  async withFeeders(accountId: string, tournamentId: string, ids: readonly string[]): Promise<MatchRecord[]> {
    const rows = await queryRows<MatchRow>(
      this.em,
      `select ${AS_RECORD} from matches where account_id = ? and tournament_id = ?
          and (id = any(?::uuid[]) or next_match_id = any(?::uuid[]) or loser_next_match_id = any(?::uuid[])) order by number`,
      [accountId, tournamentId, ids, ids, ids],
    );
    return rows.map(toRecord);
  }

  async list(query: MatchListQuery): Promise<PositionedMatch[]> {
    const where = ['account_id = ?', 'tournament_id = ?'];
    const values: unknown[] = [query.accountId, query.tournamentId];
    const add = (condition: string, ...bound: unknown[]) => {
      where.push(condition);
      values.push(...bound);
    };
    const { round, bracket, status, participantId, stage, group } = query.filters;
    if (round !== undefined) add('round = ?', round);
    if (stage !== undefined) add('stage = ?', stage);
    if (group !== undefined) add('group_label = ?', group);
    if (bracket !== undefined) add('bracket = ?', bracket);
    if (status !== undefined) add(`status in (${status.map(() => '?').join(', ')})`, ...status);
    if (participantId !== undefined) add('opponents @> ?::jsonb', JSON.stringify([{ participantId }]));
    // `number` is unique in the tournament, so it alone is the keyset.
    if (query.after) add(`number ${query.direction === 'asc' ? '>' : '<'} ?`, Number(query.after.value));
    const order = query.direction === 'asc' ? 'asc' : 'desc';
    const rows = await queryRows<MatchRow>(this.em, `select ${AS_RECORD} from matches where ${where.join(' and ')} order by number ${order} limit ?`, [
      ...values,
      query.limit,
    ]);
    return rows.map((row) => ({ match: toRecord(row), position: { value: String(row.number), id: row.id } }));
  }

  async highestNumber(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await queryRows<{ highest: number }>(this.em, 'select coalesce(max(number), 0)::int as highest from matches where account_id = ? and tournament_id = ?', [
      accountId,
      tournamentId,
    ]);
    return row.highest;
  }

  async countOpen(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.em,
      `select count(*)::int as count from matches where account_id = ? and tournament_id = ? and status <> 'completed'`,
      [accountId, tournamentId],
    );
    return row.count;
  }

  async anotherOpen(accountId: string, tournamentId: string, matchId: string, scope: MatchScope = {}): Promise<boolean> {
    // One statement for every scope: a filter that is not asked for compares with null and passes.
    const rows = await queryRows<{ id: string }>(
      this.em,
      `select id from matches where account_id = ? and tournament_id = ? and status <> 'completed' and id <> ?
          and (?::boolean is not true or stage is not distinct from ?) and (?::boolean is not true or group_label is not distinct from ?)
          and (?::int is null or round = ?::int) limit 1`,
      [accountId, tournamentId, matchId, 'stage' in scope, scope.stage ?? null, 'group' in scope, scope.group ?? null, scope.round ?? null, scope.round ?? null],
    );
    return rows.length > 0;
  }

  async write({ created, updated, deleted }: MatchWrites): Promise<void> {
    if (deleted.length > 0) {
      await writeRows(
        this.em,
        'delete from matches where account_id = ? and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))',
        [deleted[0].accountId, JSON.stringify(deleted.map((match) => match.id))],
        ONE_OFF,
      );
    }
    for (const batch of inBatches(updated)) {
      await writeRows(
        this.em,
        `update matches m set ${UPDATED}
           from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})
          where m.account_id = r."accountId" and m.id = r.id`,
        [JSON.stringify(batch)],
        ONE_OFF,
      );
    }
    await this.insertBatches(inBatches(created).map((batch) => JSON.stringify(batch)));
  }

  async insertBatches(batches: MatchBatches | AsyncIterable<string>): Promise<void> {
    let inserted = 0;
    for await (const batch of batches) {
      await writeRows(this.em, `insert into matches (${COLUMNS}) select ${RECORD_FIELDS} from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})`, [batch], ONE_OFF);
      inserted++;
    }
    // The links between matches are checked at commit, one lookup per link, through plans this connection cached
    // while the table was small (a sequential scan, then fine). Over thousands of new rows such a plan turns the
    // commit quadratic: plan the lookups again against the table as it is now.
    if (inserted > 1) await writeRows(this.em, 'discard plans', []);
  }
}
