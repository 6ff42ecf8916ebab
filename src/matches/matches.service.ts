import { Injectable, OnModuleInit } from '@nestjs/common';
import { ExpectedVersion } from '../shared/concurrency/fresh-version';
import { PreconditionFailedError } from '../shared/domain-error';
import { newId } from '../shared/ids';
import { Cursors } from '../shared/pagination/cursors';
import { keysetPage } from '../shared/pagination/list-request';
import { Page, SortDirection } from '../shared/pagination/page';
import { UnitOfWork } from '../shared/persistence/unit-of-work';
import { ParticipantsService } from '../participants/participants.service';
import { effectiveRules } from '../tournaments/domain/competition-rules';
import { Tournament } from '../tournaments/domain/tournament';
import { TournamentStatus } from '../tournaments/domain/tournament-status';
import { TournamentsService } from '../tournaments/tournaments.service';
import { TournamentTransitions } from '../tournaments/tournament-transitions';
import { bracketReached } from './domain/bracket-reached';
import { generateMatches } from './domain/generation';
import { defaultSwissRounds, FormatSettings, Match, SeededParticipant } from './domain/match';
import { MatchesPendingError, MatchNotFoundError, MatchNotReadyError } from './domain/match-errors';
import { MatchFilters, MatchRecord, MatchRepository } from './domain/match.repository';
import { ResultReport } from './domain/report';
import { computeStandings, StandingRow } from './domain/standings';
import { needsField, ReportChanges, TournamentPlay } from './domain/tournament-play';
import { fieldAfterCheckIn, withdrawalTermsOf } from './withdrawal-terms';
import type { Participant } from '../participants/domain/participant';
import type { TransitionNote } from '../tournaments/tournament-transitions';

export interface ListMatchesRequest {
  filters: MatchFilters;
  direction: SortDirection;
  limit: number;
  cursor?: string;
}

/** A PATCH of a match: a result to report (or correct), and/or when it is scheduled. */
export interface MatchUpdate {
  report?: ResultReport;
  scheduledAt?: Date | null;
}

export interface ReportFlags {
  dryRun: boolean;
  resetDependents: boolean;
}

/** What a report did (or, for a dry run, would do). */
export interface ReportResult {
  match: MatchRecord;
  changed: MatchRecord[];
  created: MatchRecord[];
  deleted: MatchRecord[];
  cleared: MatchRecord[];
  tournamentCompleted: boolean;
  /** A correction that cleared reported results of a completed tournament: it is in progress again. */
  tournamentReopened: boolean;
  /** Filled for a dry run, and when the report completes (or corrects) the tournament. */
  standings: NamedStandingRow[];
}

export interface NamedStandingRow extends StandingRow {
  name: string;
  /** Elimination formats: how far the participant got, in words ("losers round 3"); null in other formats. */
  reached: string | null;
  /** `withdrawn` or `disqualified` once they left the tournament. */
  status: Participant['status'];
}

/** The format and its rounds, the swiss default resolved from the participant count (so a report need not read the field). */
export function settingsOf(tournament: Tournament): FormatSettings {
  const rounds = tournament.rounds ?? (tournament.format === 'swiss' ? defaultSwissRounds(tournament.participantCount) : null);
  return { format: tournament.format, rounds, thirdPlaceMatch: tournament.thirdPlaceMatch, rules: effectiveRules(tournament.format, tournament) };
}

/** Formats whose results only change the reported match (no bracket to move on, no round to pair). */
const RESULTS_MOVE_NOBODY_ON = new Set<Tournament['format']>(['round_robin', 'free_for_all']);

export function seeded(participants: { id: string; seed: number | null }[]): SeededParticipant[] {
  return participants.map(({ id, seed }) => ({ id, seed }));
}

/**
 * Use cases of a running tournament: its matches are generated when it starts, results move winners and
 * losers on, and it completes by itself. Every write holds the tournament's row lock, so the reports of one
 * tournament apply one at a time (two reports feeding the same next match both land) and If-Match races
 * have one winner.
 */
@Injectable()
export class MatchesService implements OnModuleInit {
  constructor(
    private readonly matches: MatchRepository,
    private readonly tournaments: TournamentsService,
    private readonly participants: ParticipantsService,
    private readonly transitions: TournamentTransitions,
    private readonly unitOfWork: UnitOfWork,
    private readonly cursors: Cursors,
  ) {}

  onModuleInit(): void {
    this.transitions.listen((tournament, from) => this.onStatusChange(tournament, from));
  }

  async list(accountId: string, tournamentId: string, request: ListMatchesRequest): Promise<Page<MatchRecord>> {
    await this.tournaments.get(accountId, tournamentId);
    const scope = { tournamentId, filters: request.filters, direction: request.direction };
    const page = await keysetPage(this.cursors, request, scope, (after, limit) => this.matches.list({ accountId, ...scope, after, limit }));
    return { items: page.rows.map((row) => row.match), nextCursor: page.nextCursor };
  }

  async get(accountId: string, tournamentId: string, id: string): Promise<MatchRecord> {
    const match = await this.matches.findOwned(accountId, tournamentId, id);
    if (match) return match;
    // Only to say which is missing: the tournament (its 404) or the match in it.
    await this.tournaments.get(accountId, tournamentId);
    throw new MatchNotFoundError();
  }

  /** The table from the reported matches, computed on read (see README: why no projection). */
  async standings(accountId: string, tournamentId: string): Promise<NamedStandingRow[]> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [field, matches] = await Promise.all([
      this.participants.inSeedingOrder(accountId, tournamentId),
      this.matches.allOf(accountId, tournamentId),
    ]);
    return named(computeStandings(settingsOf(tournament), seeded(field), matches), field, bracketReached(tournament.format, matches));
  }

  /**
   * Reports (or corrects) a result and/or sets `scheduled_at`, in one transaction under the tournament's lock.
   * A dry run computes everything and writes nothing.
   */
  update(accountId: string, tournamentId: string, id: string, update: MatchUpdate, expected: ExpectedVersion<MatchRecord>, flags: ReportFlags): Promise<ReportResult> {
    return this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      const current = await this.matches.findOwned(accountId, tournamentId, id);
      if (!current) throw new MatchNotFoundError();
      if (typeof expected === 'function' && !expected(current)) throw new PreconditionFailedError();
      if (tournament.status === 'cancelled') throw new MatchNotReadyError('The tournament is cancelled: its matches can be read, not reported.');

      const now = new Date();
      const withdrawals = withdrawalTermsOf(await this.participants.withdrawnIn(accountId, tournamentId));
      // A report that changes only its own match reads only that match (and whether another is open): its cost does not
      // grow with the tournament. With withdrawals, any report may decide the remaining matches by forfeit: the general path.
      const alone = withdrawals.size === 0 && (await this.changesOnlyItself(tournament, current, update, flags));
      const stored = alone ? [current] : await this.matches.allOf(accountId, tournamentId);
      // Most reports neither rank nor pair: they skip reading the field, so their cost does not grow with it.
      const readField = !alone && (flags.dryRun || withdrawals.size > 0 || needsField(tournament.format, stored, current));
      const field = readField ? await this.participants.inSeedingOrder(accountId, tournamentId) : undefined;
      const play = new TournamentPlay(settingsOf(tournament), field && seeded(field), stored, () => newId(now.getTime()), withdrawals);
      const reportedChanges: ReportChanges = update.report
        ? play.report(id, update.report, {
            resetDependents: flags.resetDependents || flags.dryRun,
            tournamentCompleted: tournament.status === 'completed',
            now,
          })
        : { match: current, updated: [], created: [], deleted: [], cleared: [], complete: tournament.status === 'completed' };
      // Alone, the working copy holds one match: other matches are known to be open, so this report completes nothing.
      const changes = alone && update.report ? { ...reportedChanges, complete: false } : reportedChanges;

      const byId = new Map(stored.map((match) => [match.id, match]));
      // The one place a match's version moves: the tournament's lock makes `before.version` the stored one.
      const record = (match: Match, created = false): MatchRecord => {
        const before = byId.get(match.id);
        return {
          ...(before ?? { accountId, tournamentId, scheduledAt: null, createdAt: now }),
          ...match,
          updatedAt: now,
          version: created || !before ? 1 : before.version + 1,
        };
      };
      const updated = changes.updated.map((match) => record(match));
      let reported = updated.find((match) => match.id === id);
      if (update.scheduledAt !== undefined) {
        reported ??= record(current);
        reported.scheduledAt = update.scheduledAt;
        if (!updated.includes(reported)) updated.push(reported);
      }
      const writes = { created: changes.created.map((match) => record(match, true)), updated, deleted: changes.deleted.map((match) => byId.get(match.id)!) };
      const completes = changes.complete && tournament.status === 'in_progress';
      const reopens = !changes.complete && tournament.status === 'completed';
      // The table is needed only to preview or to set final ranks; most reports skip it.
      const finalRanking = update.report !== undefined && changes.complete;
      const standings = flags.dryRun || finalRanking ? named(play.standings(), field!, bracketReached(tournament.format, play.all())) : [];
      const result: ReportResult = {
        match: reported ?? current,
        changed: updated.filter((match) => match.id !== id),
        created: writes.created,
        deleted: writes.deleted,
        cleared: changes.cleared.map((match) => byId.get(match.id)!),
        tournamentCompleted: changes.complete,
        tournamentReopened: reopens,
        standings,
      };
      if (flags.dryRun) {
        if (reopens) await this.tournaments.checkReopenable(tournament);
        return result;
      }

      await this.matches.write(writes);
      if (completes) await this.tournaments.completeByPlay(tournament);
      if (reopens) {
        await this.tournaments.reopenByPlay(tournament);
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(field!.map((participant) => [participant.id, null])));
      }
      if (finalRanking) {
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(standings.map((row) => [row.participantId, row.rank])));
      }
      return result;
    });
  }

  /**
   * Whether a write changes its match and nothing else: a `scheduled_at` alone, or a first result in a format where
   * results move nobody on (round robin, free-for-all) while another match is still open (so it cannot complete
   * the tournament, which ranks everyone). Corrections and dry runs take the general path.
   */
  private async changesOnlyItself(tournament: Tournament, current: MatchRecord, update: MatchUpdate, flags: ReportFlags): Promise<boolean> {
    if (flags.dryRun) return false;
    if (update.report === undefined) return true;
    if (!RESULTS_MOVE_NOBODY_ON.has(tournament.format) || current.status !== 'ready') return false;
    return this.matches.anotherOpen(tournament.accountId, tournament.id, current.id);
  }

  private async onStatusChange(tournament: Tournament, from: TournamentStatus): Promise<TransitionNote | void> {
    const { accountId, id } = tournament;
    if (tournament.status === 'in_progress') {
      // With check-in required, those who did not check in are left out (removed), and the answer names them.
      const { field, dropped } = fieldAfterCheckIn(tournament, await this.participants.inSeedingOrder(accountId, id));
      await this.participants.removeFromField(dropped);
      tournament.participantCount = field.length;
      const now = tournament.startedAt ?? new Date();
      const generated = generateMatches(settingsOf(tournament), seeded(field), () => newId(now.getTime()), now);
      await this.matches.write({
        created: generated.map((match) => ({ ...match, accountId, tournamentId: id, scheduledAt: null, createdAt: now, updatedAt: now, version: 1 })),
        updated: [],
        deleted: [],
      });
      if (tournament.checkInRequired) return { droppedParticipants: dropped.map((participant) => ({ id: participant.id, name: participant.name })) };
    }
    if (tournament.status === 'completed' && from === 'in_progress') {
      const open = await this.matches.countOpen(accountId, id);
      if (open > 0) throw new MatchesPendingError(open);
    }
  }
}

function named(rows: StandingRow[], field: Pick<Participant, 'id' | 'name' | 'status'>[], reached: Map<string, string>): NamedStandingRow[] {
  const byId = new Map(field.map((participant) => [participant.id, participant]));
  return rows.map((row) => ({ ...row, name: byId.get(row.participantId)!.name, status: byId.get(row.participantId)!.status, reached: reached.get(row.participantId) ?? null }));
}
