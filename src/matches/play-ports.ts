import { Entrant, FieldEntry } from '../participants';
import { Participant } from '../participants';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { Tournament } from '../tournaments';
import { StageSettings } from '../competition';
import type { FinalRank } from '../tournaments';

/**
 * What play needs of a tournament, declared here by its caller: reading it, locking it for a report, and the
 * status changes play itself brings about (completion with final ranks, reopening by a correction). The matches
 * module binds it to its adapter over the tournaments module's service (adapters/tournaments-in-play.adapter.ts).
 */
export abstract class TournamentsInPlay {
  abstract get(accountId: string, tournamentId: string): Promise<Tournament>;
  abstract lockForPlay(accountId: string, tournamentId: string): Promise<Tournament>;
  abstract completeByPlay(tournament: Tournament, finalRanks: FinalRank[]): Promise<void>;
  abstract checkReopenable(tournament: Tournament): Promise<void>;
  abstract reopenByPlay(tournament: Tournament): Promise<void>;
  /** Keeps a staged tournament's stages (their statuses, a decision) as play moved them (issue 40). */
  abstract recordStagesByPlay(tournament: Tournament, stages: StageSettings[]): Promise<void>;
}

/**
 * What play needs of a tournament's field, declared here by its caller: the field in seeding order, names for
 * events, final ranks, withdrawals and check-in. The matches module binds it to its adapter over the participants
 * module's service (adapters/field-of-play.adapter.ts).
 */
export abstract class FieldOfPlay {
  abstract inSeedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]>;
  abstract entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Map<string, Entrant>>;
  abstract recordFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void>;
  abstract removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void>;
  abstract withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]>;
  abstract findInPlay(accountId: string, tournamentId: string, id: string): Promise<Participant>;
  abstract saveInPlay(participant: Participant): Promise<void>;
  abstract delete(accountId: string, tournamentId: string, id: string, expected: ExpectedVersion<Participant>): Promise<void>;
}
