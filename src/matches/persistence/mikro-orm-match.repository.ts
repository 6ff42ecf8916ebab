import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Bracket, MatchOutcome, MatchStatus, Opponent } from '../domain/match';
import { MatchListQuery, MatchRecord, MatchRepository, MatchWrites, PositionedMatch } from '../domain/match.repository';
import { parseTimestamptz } from '../../shared/persistence/pg-timestamp';

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

/** Columns as jsonb_to_recordset declares them: a whole batch travels as one JSON parameter. */
const RECORDSET = `account_id uuid, id uuid, tournament_id uuid, number int, round int, bracket text, status text, opponents jsonb,
  winner_id uuid, next_match_id uuid, next_slot smallint, loser_next_match_id uuid, loser_next_slot smallint,
  home_participant_id uuid, scheduled_at timestamptz, completed_at timestamptz, outcome text, created_at timestamptz, updated_at timestamptz, version int`;

const COLUMNS = `account_id, id, tournament_id, number, round, bracket, status, opponents, winner_id, next_match_id, next_slot,
  loser_next_match_id, loser_next_slot, home_participant_id, scheduled_at, completed_at, outcome, created_at, updated_at, version`;

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

function toRow(match: MatchRecord): MatchRow {
  return {
    account_id: match.accountId,
    id: match.id,
    tournament_id: match.tournamentId,
    number: match.number,
    round: match.round,
    bracket: match.bracket,
    status: match.status,
    opponents: match.opponents,
    winner_id: match.winnerId,
    next_match_id: match.nextMatchId,
    next_slot: match.nextSlot,
    loser_next_match_id: match.loserNextMatchId,
    loser_next_slot: match.loserNextSlot,
    home_participant_id: match.homeParticipantId,
    scheduled_at: match.scheduledAt,
    completed_at: match.completedAt,
    outcome: match.outcome,
    created_at: match.createdAt,
    updated_at: match.updatedAt,
    version: match.version,
  };
}

/**
 * Matches in PostgreSQL, in plain SQL: a bracket is written in bulk (one statement per kind of change,
 * the rows as one jsonb parameter), which an ORM unit of work would split into a statement per row.
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
      await this.em.execute('delete from matches where account_id = ? and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))', [
        deleted[0].accountId,
        JSON.stringify(deleted.map((match) => match.id)),
      ]);
    }
    if (updated.length > 0) {
      await this.em.execute(
        `update matches m set number = r.number, status = r.status, opponents = r.opponents, winner_id = r.winner_id,
                next_match_id = r.next_match_id, next_slot = r.next_slot, loser_next_match_id = r.loser_next_match_id,
                loser_next_slot = r.loser_next_slot, scheduled_at = r.scheduled_at, completed_at = r.completed_at, outcome = r.outcome,
                updated_at = r.updated_at, version = r.version
           from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})
          where m.account_id = r.account_id and m.id = r.id`,
        [JSON.stringify(updated.map(toRow))],
      );
    }
    if (created.length > 0) {
      await this.em.execute(`insert into matches (${COLUMNS}) select ${COLUMNS} from jsonb_to_recordset(?::jsonb) as r (${RECORDSET})`, [
        JSON.stringify(created.map(toRow)),
      ]);
    }
  }
}
