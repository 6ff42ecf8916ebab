import { StaleVersionError } from '../../platform/concurrency/fresh-version';
import { KeysetListQuery, Positioned } from '../../platform/pagination/page';
import { Participant } from './participant';

/** `seed`: seeded participants by seed, then the unseeded in registration order (spec §11, the seeding order of §12). */
export const PARTICIPANT_SORT_FIELDS = ['seed', 'name', 'created_at'] as const;
export type ParticipantSortField = (typeof PARTICIPANT_SORT_FIELDS)[number];

export interface ParticipantFilters {
  /** Case-insensitive substring of the name. */
  q?: string;
}

/** A tournament's participants: the keyset query every list takes, within one tournament. */
export type ParticipantListQuery = KeysetListQuery<ParticipantFilters, ParticipantSortField> & { tournamentId: string };

/** What a match shows of an opponent besides its id (spec: names on matches). */
export interface Entrant {
  id: string;
  name: string;
  seed: number | null;
}

/** A listed participant with its place in the sort order (what a cursor records). */
export type PositionedParticipant = Positioned<'participant', Participant>;

/**
 * Persistence port for participants. Every lookup is scoped to an account and a tournament: others' rows do not exist.
 * Uniqueness in the tournament (name by participantNameKey, seed, external_id) is the store's to enforce, so that it holds
 * under concurrent writers: a clash is ParticipantNameTakenError, SeedTakenError or ExternalIdTakenError.
 */
/**
 * A participant as a format needs it: who, their seed, their name (for a table), whether they are still in and
 * checked in, and what makes them unique (to point at a clash).
 */
export type FieldEntry = Pick<Participant, 'id' | 'seed' | 'name' | 'nameKey' | 'externalId' | 'status' | 'checkedInAt' | 'finalRank' | 'group'>;

export abstract class ParticipantRepository {
  abstract findOwned(accountId: string, tournamentId: string, id: string): Promise<Participant | null>;
  /** Stores all of them or, on a clash, none. */
  abstract add(participants: Participant[]): Promise<void>;
  /** Saves changes if nobody else changed the row since it was read; throws StaleParticipantError otherwise. */
  abstract save(participant: Participant): Promise<void>;
  /** Deletes the row if it is still at the version read; false when it changed or vanished meanwhile. */
  abstract remove(participant: Participant): Promise<boolean>;
  /** The name and seed of each listed participant of the tournament (ids it does not have are left out). */
  abstract entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Entrant[]>;
  abstract count(accountId: string, tournamentId: string): Promise<number>;
  /** Those who withdrew or were disqualified (a partial index keeps this cheap: most tournaments have none). */
  abstract withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]>;
  abstract list(query: ParticipantListQuery): Promise<PositionedParticipant[]>;
  /** The tournament's every participant in seeding order (the list's default order), as plain rows: a field of thousands stays cheap. */
  abstract seedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]>;
  /** Deletes the tournament's participants who have not checked in (a start that requires check-in). */
  abstract removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void>;
  /** Sets every listed participant's final_rank (null clears it) in one write, bumping the version of each whose rank changes. */
  abstract setFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void>;
  /**
   * Gives each listed participant its new seed (null: unseeded) in one go, so seeds may swap; bumps their versions
   * and returns them as they now are. Lists only participants whose seed changes.
   */
  abstract setSeeds(accountId: string, tournamentId: string, seeds: ReadonlyMap<string, number | null>): Promise<Participant[]>;
  /** Every participant of the account's listed tournaments, in one read; ids of other accounts' tournaments give nothing. */
  abstract placementsIn(accountId: string, tournamentIds: readonly string[]): Promise<Placement[]>;
}

/** A participant's standing in a finished tournament, as league tables read it (no full entity: they read thousands). */
export interface Placement {
  tournamentId: string;
  participantId: string;
  name: string;
  externalId: string | null;
  seed: number | null;
  finalRank: number | null;
}

/** Another writer got there first: the version read is no longer current. */
export class StaleParticipantError extends StaleVersionError {
  constructor() {
    super('The participant changed since it was read.');
  }
}
