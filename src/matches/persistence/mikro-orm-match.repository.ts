import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Bracket, MatchOutcome, MatchStatus, Opponent } from '../domain/match';
import { MatchBatches, MatchListQuery, MatchRecord, MatchRepository, MatchWrites, PositionedMatch } from '../domain/match.repository';
import { parseTimestamptz } from '../../platform/persistence/pg-timestamp';
import { boundWrite } from '../../platform/persistence/prepared-query';

interface MatchRow {
  account_id: string;
  id: string;
  tournament_id: string;
  number: number;
  round: number;
  bracket: Bracket;
  status: MatchStatus;
  opponents: Opponent[];
  winner_id: string | null;
  next_match_id: string | null;
  next_slot: number | null;
  loser_next_match_id: string | null;
  loser_next_slot: number | null;
  home_participant_id: string | null;
  scheduled_at: Date | null;
  completed_at: Date | null;
  outcome: MatchOutcome;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/**
 * A batch of matches travels as one JSON parameter (a JSON array of MatchRecord, as JSON.stringify writes it) and
 * jsonb_to_recordset turns it into rows: these are its fields, by their JSON (camelCase) names, and the columns they fill.
 */
const FIELDS = [
  ['account_id', 'accountId', 'uuid'],
  ['id', 'id', 'uuid'],
  ['tournament_id', 'tournamentId', 'uuid'],
  ['number', 'number', 'int'],
  ['round', 'round', 'int'],
  ['bracket', 'bracket', 'text'],
  ['status', 'status', 'text'],
  ['opponents', 'opponents', 'jsonb'],
  ['winner_id', 'winnerId', 'uuid'],
  ['next_match_id', 'nextMatchId', 'uuid'],
  ['next_slot', 'nextSlot', 'smallint'],
  ['loser_next_match_id', 'loserNextMatchId', 'uuid'],
  ['loser_next_slot', 'loserNextSlot', 'smallint'],
  ['home_participant_id', 'homeParticipantId', 'uuid'],
  ['scheduled_at', 'scheduledAt', 'timestamptz'],
  ['completed_at', 'completedAt', 'timestamptz'],
  ['outcome', 'outcome', 'text'],
  ['created_at', 'createdAt', 'timestamptz'],
  ['updated_at', 'updatedAt', 'timestamptz'],
  ['version', 'version', 'int'],
] as const;

const RECORDSET = FIELDS.map(([, field, type]) => `"${field}" ${type}`).join(', ');
const COLUMNS = FIELDS.map(([column]) => column).join(', ');
const RECORD_FIELDS = FIELDS.map(([, field]) => `r."${field}"`).join(', ');
/** A match row as the JSON object JSON.parse makes a MatchRecord of (instants stay ISO text). */
const AS_JSON = `json_build_object(${FIELDS.map(([column, field]) => `'${field}', ${column}`).join(', ')})`;

/** Matches per statement when a report or a start writes many (a swiss round of thousands), and per row when read as JSON. */
const WRITE_BATCH = 1000;

function inBatches<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let from = 0; from < items.length; from += WRITE_BATCH) batches.push(items.slice(from, from + WRITE_BATCH));
  return batches;
}

function toRecord(row: MatchRow): MatchRecord {
  const date = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? parseTimestamptz(value) : new Date(value));
  return {
    accountId: row.account_id,
    id: row.id,
    tournamentId: row.tournament_id,
    number: row.number,
    round: row.round,
    bracket: row.bracket,
    status: row.status,
    opponents: row.opponents,
    winnerId: row.winner_id,
    nextMatchId: row.next_match_id,
    nextSlot: row.next_slot,
    loserNextMatchId: row.loser_next_match_id,
    loserNextSlot: row.loser_next_slot,
    homeParticipantId: row.home_participant_id,
    scheduledAt: date(row.scheduled_at),
    completedAt: date(row.completed_at),
    outcome: row.outcome,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    version: row.version,
  };
}

/**
 * Matches in PostgreSQL, in plain SQL: a bracket is written in bulk (a statement per kind of change and per
 * thousand rows, the rows as one jsonb parameter), which an ORM unit of work would split into a statement per row.
 */
@Injectable()
export class MikroOrmMatchRepository extends MatchRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async allOf(accountId: string, tournamentId: string): Promise<MatchRecord[]> {
    const rows = await this.em.execute<MatchRow[]>(`select * from matches where account_id = ? and tournament_id = ? order by number`, [
      accountId,
      tournamentId,
    ]);
    return rows.map(toRecord);
  }

  async allOfAsJson(accountId: string, tournamentId: string): Promise<MatchBatches> {
    // A thousand matches a row: no single huge text for the driver to assemble and decode in one go.
    const rows = await this.em.execute<{ matches: string }[]>(
      `select json_agg(${AS_JSON} order by number)::text as matches from matches where account_id = ? and tournament_id = ?
        group by (number - 1) / ${WRITE_BATCH} order by min(number)`,
      [accountId, tournamentId],
    );
    return rows.map((row) => row.matches);
  }

  async findOwned(accountId: string, tournamentId: string, id: string): Promise<MatchRecord | null> {
    const [row] = await this.em.execute<MatchRow[]>(`select * from matches where account_id = ? and tournament_id = ? and id = ?`, [
      accountId,
      tournamentId,
      id,
    ]);
    return row ? toRecord(row) : null;
  }

  async list(query: MatchListQuery): Promise<PositionedMatch[]> {
    const knex = this.em.getKnex();
    const builder = knex('matches').select('*').where('account_id', query.accountId).where('tournament_id', query.tournamentId);
    const { round, bracket, status, participantId } = query.filters;
    if (round !== undefined) builder.where('round', round);
    if (bracket !== undefined) builder.where('bracket', bracket);
    if (status !== undefined) builder.whereIn('status', status);
    if (participantId !== undefined) builder.whereRaw('opponents @> ?::jsonb', [JSON.stringify([{ participantId }])]);
    // `number` is unique in the tournament, so it alone is the keyset.
    if (query.after) builder.where('number', query.direction === 'asc' ? '>' : '<', Number(query.after.value));
    const rows = await this.em.execute<MatchRow[]>(builder.orderBy('number', query.direction).limit(query.limit));
    return rows.map((row) => ({ match: toRecord(row), position: { value: String(row.number), id: row.id } }));
  }

  async highestNumber(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await this.em.execute<{ highest: number }[]>('select coalesce(max(number), 0)::int as highest from matches where account_id = ? and tournament_id = ?', [
      accountId,
      tournamentId,
    ]);
    return row.highest;
  }

  async countOpen(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await this.em.execute<{ count: number }[]>(
      `select count(*)::int as count from matches where account_id = ? and tournament_id = ? and status <> 'completed'`,
      [accountId, tournamentId],
    );
    return row.count;
  }

  async anotherOpen(accountId: string, tournamentId: string, matchId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from matches where account_id = ? and tournament_id = ? and status <> 'completed' and id <> ? limit 1`,
      [accountId, tournamentId, matchId],
    );
    return rows.length > 0;
  }

  async write({ created, updated, deleted }: MatchWrites): Promise<void> {
    if (deleted.length > 0) {
      await boundWrite(this.em, 'delete from matches where account_id = ? and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))', [
        deleted[0].accountId,
        JSON.stringify(deleted.map((match) => match.id)),
      ]);
    }
    for (const batch of inBatches(updated)) {
      await boundWrite(
        this.em,
        `update matches m set number = r.number, status = r.status, opponents = r.opponents, winner_id = r."winnerId",
                next_match_id = r."nextMatchId", next_slot = r."nextSlot", loser_next_match_id = r."loserNextMatchId",
                loser_next_slot = r."loserNextSlot", scheduled_at = r."scheduledAt", completed_at = r."completedAt", outcome = r.outcome,
                updated_at = r."updatedAt", version = r.version
           from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})
          where m.account_id = r."accountId" and m.id = r.id`,
        [JSON.stringify(batch)],
      );
    }
    await this.insertBatches(inBatches(created).map((batch) => JSON.stringify(batch)));
  }

  async insertBatches(batches: MatchBatches | AsyncIterable<string>): Promise<void> {
    let inserted = 0;
    for await (const batch of batches) {
      await boundWrite(this.em, `insert into matches (${COLUMNS}) select ${RECORD_FIELDS} from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})`, [batch]);
      inserted++;
    }
    // The links between matches are checked at commit, one lookup per link, through plans this connection cached
    // while the table was small (a sequential scan, then fine). Over thousands of new rows such a plan turns the
    // commit quadratic: plan the lookups again against the table as it is now.
    if (inserted > 1) await this.em.execute('discard plans');
  }
}
