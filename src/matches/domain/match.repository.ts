import { KeysetPosition } from '../../platform/pagination/cursor';
import { inTurns } from '../../platform/work/in-turns';
import { SortDirection } from '../../platform/pagination/page';
import { Bracket, Match, MatchScope, MatchStatus } from '../../competition';
import type { PlayChanges } from '../../competition';

/** A match as stored: the format's view of it plus whose it is, its schedule and its version. */
export interface MatchRecord extends Match {
  accountId: string;
  tournamentId: string;
  scheduledAt: Date | null;
  /** The stored schedule (issue 41): when it ends (its start plus its round's minutes), and where. */
  endsAt: Date | null;
  stationId: string | null;
  /** When the organiser pinned it (the planner never moves it); null: not pinned. */
  pinnedAt: Date | null;
  /** How often its time or station changed (a calendar's SEQUENCE); null: never. */
  scheduleSequence: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** A match's schedule fields before anyone planned it. */
export const UNSCHEDULED = { scheduledAt: null, endsAt: null, stationId: null, pinnedAt: null, scheduleSequence: null } as const satisfies Partial<MatchRecord>;

/** The changed matches as stored records, each with its next version (the tournament's lock makes the stored one current). */
export function recordsOf(accountId: string, tournamentId: string, byId: ReadonlyMap<string, MatchRecord>, changes: PlayChanges, now: Date) {
  const record = (match: Match): MatchRecord => {
    const before = byId.get(match.id);
    return { ...(before ?? { accountId, tournamentId, ...UNSCHEDULED, createdAt: now }), ...match, updatedAt: now, version: before ? before.version + 1 : 1 };
  };
  return { created: changes.created.map(record), updated: changes.updated.map(record), deleted: changes.deleted.map((match) => byId.get(match.id)!) };
}

/** What a match keeps from its creation: `write` leaves these as stored when it updates a match. */
export const SET_AT_CREATION = ['accountId', 'id', 'tournamentId', 'round', 'bracket', 'homeParticipantId', 'createdAt'] as const satisfies readonly (keyof MatchRecord)[];

export interface MatchFilters {
  round?: number;
  bracket?: Bracket;
  status?: MatchStatus[];
  participantId?: string;
  /** A multi_stage tournament's stage key and group label (issue 40). */
  stage?: string;
  group?: string;
}

export interface MatchListQuery {
  accountId: string;
  tournamentId: string;
  filters: MatchFilters;
  direction: SortDirection;
  /** Rows strictly after this position in `number` order. */
  after?: KeysetPosition;
  limit: number;
}

export interface PositionedMatch {
  match: MatchRecord;
  position: KeysetPosition;
}

/** What one write changes in a tournament's matches; all of it lands in the caller's transaction. */
export interface MatchWrites {
  created: MatchRecord[];
  updated: MatchRecord[];
  deleted: MatchRecord[];
}

/**
 * Stored matches as JSON text, each string one batch (a JSON array of MatchRecord, instants as ISO text): how a
 * large set goes from a worker thread to the database without becoming thousands of objects on the way.
 */
export type MatchBatches = string[];

/** Matches a batch read as JSON holds at most, by number: each batch is parsed at once, a few milliseconds' work. */
export const MATCHES_PER_READ_BATCH = 250;

/** A MatchRecord as the repository's JSON batches carry it: instants are ISO text. */
type JsonRecord = Omit<MatchRecord, 'scheduledAt' | 'endsAt' | 'pinnedAt' | 'completedAt' | 'createdAt' | 'updatedAt'> &
  Record<'scheduledAt' | 'endsAt' | 'pinnedAt' | 'completedAt', string | null> &
  Record<'createdAt' | 'updatedAt', string>;

/** MatchRecords from the repository's JSON batches. */
export function parseRecords(batches: MatchBatches): MatchRecord[] {
  // A reviver would be called for every value of every match: converting the six instants after is several times faster.
  return batches.flatMap((batch) => (JSON.parse(batch) as JsonRecord[]).map(withInstants));
}

/** The same, a batch a turn of the event loop: a viewer's read of a large bracket never holds it for long. */
export async function recordsInTurns(batches: MatchBatches): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  await inTurns(batches, 1, (batch) => records.push(...parseRecords([batch])));
  return records;
}

/** The parsed object itself becomes the record (nothing else holds it): no copy of every match on each read. */
function withInstants(record: JsonRecord): MatchRecord {
  const converted = record as unknown as MatchRecord;
  converted.scheduledAt = instant(record.scheduledAt);
  converted.endsAt = instant(record.endsAt);
  converted.pinnedAt = instant(record.pinnedAt);
  converted.completedAt = instant(record.completedAt);
  converted.createdAt = new Date(record.createdAt);
  converted.updatedAt = new Date(record.updatedAt);
  return converted;
}

function instant(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * Persistence port for matches. Every lookup is scoped to an account and a tournament. Writes are batched:
 * however many matches a report touches, it is a fixed number of statements.
 */
export abstract class MatchRepository {
  /** The tournament's every match, by number. */
  abstract allOf(accountId: string, tournamentId: string): Promise<MatchRecord[]>;
  /** The same as JSON batches (instants as ISO text), for a worker thread to parse. */
  abstract allOfAsJson(accountId: string, tournamentId: string): Promise<MatchBatches>;
  abstract findOwned(accountId: string, tournamentId: string, id: string): Promise<MatchRecord | null>;
  /** These matches and every match whose winner or loser moves on to one of them (a bracket's links), by number. */
  abstract withFeeders(accountId: string, tournamentId: string, ids: readonly string[]): Promise<MatchRecord[]>;
  abstract list(query: MatchListQuery): Promise<PositionedMatch[]>;
  /** The highest match number of the tournament (0 before its start). */
  abstract highestNumber(accountId: string, tournamentId: string): Promise<number>;
  /** Matches without a result yet. */
  abstract countOpen(accountId: string, tournamentId: string): Promise<number>;
  /** Whether a match other than this one (in `scope`) has no result yet: one index probe, whatever the tournament's size. */
  abstract anotherOpen(accountId: string, tournamentId: string, matchId: string, scope?: MatchScope): Promise<boolean>;
  /**
   * Deletes, then updates, then inserts, as they are: the caller (holding the tournament's lock) has set an updated
   * record's next `version` and its `updatedAt`; an update changes every field but those SET_AT_CREATION.
   */
  abstract write(writes: MatchWrites): Promise<void>;
  /** Inserts new matches given as JSON batches, one statement per batch, each as soon as it comes. */
  abstract insertBatches(batches: MatchBatches | AsyncIterable<string>): Promise<void>;
}
