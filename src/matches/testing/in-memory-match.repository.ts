import { MATCH_COLUMNS } from '../persistence/match.schema';
import { SET_AT_CREATION, MatchBatches, MATCHES_PER_READ_BATCH, MatchListQuery, MatchRecord, MatchRepository, MatchWrites, PositionedMatch } from '../domain/match.repository';
import type { MatchScope } from '../../competition';


/**
 * The matches repository contract in memory, for service tests. It keeps copies, as a database keeps rows, and
 * writes like the PostgreSQL adapter: deletes, then updates (every field but those set at creation, the version as
 * the caller set it: the tournament's lock orders writers), then inserts, refusing a key already stored. The shared
 * contract suite holds both to the same rules.
 */
export class InMemoryMatchRepository extends MatchRepository {
  private readonly rows = new Map<string, MatchRecord>();

  async allOf(accountId: string, tournamentId: string): Promise<MatchRecord[]> {
    return this.ofTournament(accountId, tournamentId).map(copy);
  }

  async allOfAsJson(accountId: string, tournamentId: string): Promise<MatchBatches> {
    const batches = new Map<number, MatchRecord[]>();
    for (const match of this.ofTournament(accountId, tournamentId)) {
      const batch = Math.floor((match.number - 1) / MATCHES_PER_READ_BATCH);
      batches.set(batch, [...(batches.get(batch) ?? []), match]);
    }
    return [...batches.values()].map((batch) => JSON.stringify(batch));
  }

  async findOwned(accountId: string, tournamentId: string, id: string): Promise<MatchRecord | null> {
    const row = this.rows.get(keyOf(accountId, id));
    return row && row.tournamentId === tournamentId ? copy(row) : null;
  }

  async withFeeders(accountId: string, tournamentId: string, ids: readonly string[]): Promise<MatchRecord[]> {
    const wanted = new Set(ids);
    const linked = (id: string | null) => id !== null && wanted.has(id);
    return this.ofTournament(accountId, tournamentId)
      .filter((match) => wanted.has(match.id) || linked(match.nextMatchId) || linked(match.loserNextMatchId))
      .map(copy);
  }

  async list(query: MatchListQuery): Promise<PositionedMatch[]> {
    const { round, bracket, status, participantId, stage, group } = query.filters;
    const sign = query.direction === 'asc' ? 1 : -1;
    const after = query.after ? Number(query.after.value) : undefined;
    return this.ofTournament(query.accountId, query.tournamentId)
      .filter((match) => round === undefined || match.round === round)
      .filter((match) => bracket === undefined || match.bracket === bracket)
      .filter((match) => (stage === undefined || match.stage === stage) && (group === undefined || match.group === group))
      .filter((match) => status === undefined || status.includes(match.status))
      .filter((match) => participantId === undefined || match.opponents.some((opponent) => opponent.participantId === participantId))
      // `number` is unique in the tournament, so it alone is the keyset.
      .filter((match) => after === undefined || sign * (match.number - after) > 0)
      .sort((a, b) => sign * (a.number - b.number))
      .slice(0, query.limit)
      .map((match) => ({ match: copy(match), position: { value: String(match.number), id: match.id } }));
  }

  async highestNumber(accountId: string, tournamentId: string): Promise<number> {
    return Math.max(0, ...this.ofTournament(accountId, tournamentId).map((match) => match.number));
  }

  async countOpen(accountId: string, tournamentId: string): Promise<number> {
    return this.ofTournament(accountId, tournamentId).filter((match) => match.status !== 'completed').length;
  }

  async anotherOpen(accountId: string, tournamentId: string, matchId: string, scope: MatchScope = {}): Promise<boolean> {
    return this.ofTournament(accountId, tournamentId).some(
      (match) =>
        match.status !== 'completed' &&
        match.id !== matchId &&
        (!('stage' in scope) || match.stage === scope.stage) &&
        (!('group' in scope) || match.group === scope.group) &&
        (scope.round === undefined || match.round === scope.round),
    );
  }

  async write({ created, updated, deleted }: MatchWrites): Promise<void> {
    for (const match of deleted) this.rows.delete(keyOf(match.accountId, match.id));
    for (const match of updated) {
      const stored = this.rows.get(keyOf(match.accountId, match.id));
      if (!stored) continue;
      const kept = Object.fromEntries(SET_AT_CREATION.map((field) => [field, stored[field]]));
      this.rows.set(keyOf(match.accountId, match.id), { ...copy(match), ...kept });
    }
    this.insert(created);
  }

  async insertBatches(batches: MatchBatches | AsyncIterable<string>): Promise<void> {
    for await (const batch of batches) this.insert((JSON.parse(batch) as Partial<JsonMatch>[]).map(fromJson));
  }

  private insert(matches: MatchRecord[]): void {
    for (const match of matches) {
      const key = keyOf(match.accountId, match.id);
      if (this.rows.has(key)) throw new Error(`match ${match.id} is already stored`);
      this.rows.set(key, copy(match));
    }
  }

  private ofTournament(accountId: string, tournamentId: string): MatchRecord[] {
    return [...this.rows.values()].filter((match) => match.accountId === accountId && match.tournamentId === tournamentId).sort((a, b) => a.number - b.number);
  }
}

/** A MatchRecord as JSON.stringify writes it: instants as ISO text. */
type JsonMatch = Omit<MatchRecord, 'scheduledAt' | 'endsAt' | 'pinnedAt' | 'completedAt' | 'createdAt' | 'updatedAt'> & {
  scheduledAt: string | null;
  endsAt: string | null;
  pinnedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The columns a batch may leave out: the database reads a missing field of a JSON record as null, and so does this. */
const NULLABLE = Object.entries(MATCH_COLUMNS).flatMap(([field, column]) => ('nullable' in column ? [field] : []));

function fromJson(batchRecord: Partial<JsonMatch>): MatchRecord {
  const match = { ...Object.fromEntries(NULLABLE.map((field) => [field, null])), ...batchRecord } as JsonMatch;
  const instant = (value: string | null) => (value === null ? null : new Date(value));
  return { ...match, scheduledAt: instant(match.scheduledAt), endsAt: instant(match.endsAt), pinnedAt: instant(match.pinnedAt), completedAt: instant(match.completedAt), createdAt: new Date(match.createdAt), updatedAt: new Date(match.updatedAt) };
}

function keyOf(accountId: string, id: string): string {
  return `${accountId}/${id}`;
}

function copy(match: MatchRecord): MatchRecord {
  return structuredClone(match);
}
