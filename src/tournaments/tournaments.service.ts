import { StageSettings } from '../competition';
import { Injectable } from '@nestjs/common';
import { ExpectedVersion, StaleVersionError } from '../platform/concurrency/fresh-version';
import { DomainError, ServiceUnavailableError } from '../kernel/domain-error';
import { EventLog, NewEvent } from '../events';
import { LeaguesService } from '../leagues';
import { Cursors } from '../platform/pagination/cursors';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { ownedPage } from '../platform/pagination/list-request';
import { ListRequest, Page } from '../platform/pagination/page';
import { NewTournament, Tournament, TournamentChanges } from './domain/tournament';
import { TournamentInProgressError, TournamentNotFoundError } from './domain/tournament-errors';
import { TournamentStatus } from './domain/tournament-status';
import { OwnedResources } from '../platform/resources/owned-resources';
import { RetiredShareLinks } from '../platform/sharing/retired-share-links';
import { StatusChangeHook, TransitionNote } from './status-change-hook';
import { presentTournament } from './dto/tournament.presenter';
import { StaleTournamentError, TournamentFilters, TournamentRepository, TournamentSortField } from './domain/tournament.repository';

/** A participant's place once the tournament is over (ties share a rank). */
export interface FinalRank {
  participantId: string;
  name: string;
  finalRank: number | null;
}

function tournamentEvent(type: 'tournament.created' | 'tournament.updated' | 'tournament.status_changed', tournament: Tournament): NewEvent {
  return { accountId: tournament.accountId, type, tournamentId: tournament.id, leagueId: tournament.leagueId, data: presentTournament(tournament) };
}

/** What saving a change records: an edit, a status change, or the completion (its final ranks come from play). */
function changeEvent(tournament: Tournament, previousStatus: TournamentStatus): NewEvent {
  if (tournament.status === previousStatus) return tournamentEvent('tournament.updated', tournament);
  if (tournament.status === 'completed') return completionEvent(tournament, []);
  return tournamentEvent('tournament.status_changed', tournament);
}

function completionEvent(tournament: Tournament, finalRanks: FinalRank[]): NewEvent {
  return {
    accountId: tournament.accountId,
    type: 'tournament.completed',
    tournamentId: tournament.id,
    leagueId: tournament.leagueId,
    data: {
      tournament: presentTournament(tournament),
      final_ranks: finalRanks.map((rank) => ({ participant_id: rank.participantId, name: rank.name, final_rank: rank.finalRank })),
    },
  };
}

/** A refusal that a copy of the row may have caused (a lost race, or a rule applied to stale values); not an outage. */
function decidedOnTheCopy(error: unknown): boolean {
  return error instanceof StaleVersionError || (error instanceof DomainError && !(error instanceof ServiceUnavailableError));
}

/** Use cases of the tournaments API, all scoped to the calling account. */
@Injectable()
export class TournamentsService {
  /** Get, share link, fresh version: what this resource does as every resource does. */
  private readonly lifecycle: OwnedResources<Tournament>;

  constructor(
    private readonly tournaments: TournamentRepository,
    private readonly cursors: Cursors,
    private readonly leagues: LeaguesService,
    private readonly unitOfWork: UnitOfWork,
    private readonly statusChanges: StatusChangeHook,
    private readonly events: EventLog,
    retiredLinks: RetiredShareLinks = new RetiredShareLinks(),
  ) {
    this.lifecycle = new OwnedResources(tournaments, () => new TournamentNotFoundError(), 'tournament', retiredLinks);
  }

  async create(accountId: string, fields: NewTournament): Promise<Tournament> {
    const tournament = Tournament.create(accountId, fields, undefined, this.statusChanges.slotCheck);
    const { leagueId } = tournament;
    const created = tournamentEvent('tournament.created', tournament);
    // Alone, the row and its event are one statement.
    if (!leagueId) {
      await this.tournaments.add(tournament, created);
      return tournament;
    }
    return this.unitOfWork.run(async () => {
      // The league stays locked (FOR SHARE) until the tournament is stored: a concurrent delete waits, then sees it.
      await this.leagues.lockAttachableLeague(accountId, leagueId);
      await this.tournaments.add(tournament, created);
      return tournament;
    });
  }

  countOwnedBy(accountId: string): Promise<number> {
    return this.tournaments.countOwned(accountId);
  }

  get(accountId: string, id: string): Promise<Tournament> {
    return this.lifecycle.get(accountId, id);
  }

  /**
   * Applies a merge patch. With If-Match, a concurrent change makes it 412;
   * without, it is re-applied to the newest version, so no update is lost.
   */
  async update(accountId: string, id: string, changes: TournamentChanges, expected: ExpectedVersion<Tournament>): Promise<Tournament> {
    return (await this.change(accountId, id, changes, expected)).tournament;
  }

  /** `update`, with what the status-change rules said (a start lists who it left out for not checking in). */
  async change(
    accountId: string,
    id: string,
    changes: TournamentChanges,
    expected: ExpectedVersion<Tournament>,
  ): Promise<{ tournament: Tournament; note: TransitionNote }> {
    let note: TransitionNote = {};
    const shareLink = this.lifecycle.shareLinkWatch();
    const write = () =>
      this.withFreshVersion(accountId, id, expected, async (tournament) => {
        shareLink.read(tournament);
        const previousLeague = tournament.leagueId;
        const previousStatus = tournament.status;
        if (!tournament.update(changes, undefined, this.statusChanges.slotCheck)) return tournament;
        if (tournament.leagueId && tournament.leagueId !== previousLeague) {
          await this.leagues.lockAttachableLeague(accountId, tournament.leagueId);
        }
        if (tournament.status !== previousStatus) note = await this.statusChanges.entered(tournament, previousStatus);
        await this.tournaments.save(tournament, (saved) => changeEvent(saved, previousStatus));
        return tournament;
      });
    // Other fields alone: the row and its event are one statement. A league or status change is one transaction: the
    // league's lock and the save, or the status change with what other modules do on it (generating matches on start).
    const tournament =
      changes.leagueId === undefined && changes.status === undefined
        ? await write()
        : await this.unitOfWork.run(async () => {
            // A status change locks the row before reading it: status changes queue behind registrations and each
            // other, so the second of two concurrent starts reads the first's result instead of generating again.
            if (changes.status !== undefined) await this.tournaments.lockOwned(accountId, id);
            return write();
          });
    await shareLink.settle(tournament);
    return { tournament, note };
  }

  /** A new share link for an unlisted tournament (409 `not_shared` for a private one); the old one stops working. */
  async rotateShareId(accountId: string, id: string, expected: ExpectedVersion<Tournament>): Promise<Tournament> {
    const shareLink = this.lifecycle.shareLinkWatch();
    const tournament = await this.withFreshVersion(accountId, id, expected, async (tournament) => {
      shareLink.read(tournament);
      tournament.rotateShareId();
      await this.tournaments.save(tournament, (saved) => tournamentEvent('tournament.updated', saved));
      return tournament;
    });
    await shareLink.settle(tournament);
    return tournament;
  }

  /** For public viewing: the unlisted tournament behind a share link, or 404 as if it never existed. */
  findShared(shareId: string): Promise<Tournament> {
    return this.lifecycle.findShared(shareId);
  }

  async delete(accountId: string, id: string, expected: ExpectedVersion<Tournament>): Promise<void> {
    const shareLink = this.lifecycle.shareLinkWatch();
    await this.withFreshVersion(accountId, id, expected, async (tournament) => {
      if (tournament.status === 'in_progress') throw new TournamentInProgressError();
      shareLink.read(tournament);
      const deleted = { accountId, type: 'tournament.deleted', tournamentId: id, leagueId: tournament.leagueId, data: { id } } as const;
      if (!(await this.tournaments.remove(tournament, deleted))) throw new StaleTournamentError();
    });
    await shareLink.settle(null);
  }

  list(accountId: string, request: ListRequest<TournamentFilters, TournamentSortField>): Promise<Page<Tournament>> {
    return ownedPage(this.cursors, accountId, request, (query) => this.tournaments.list(query), (row) => row.tournament);
  }

  /**
   * The tournament, its row locked until the caller's transaction ends: registrations, play's reports and status
   * changes of one tournament happen one at a time (a cap holds under concurrent adds, nobody joins a tournament
   * that is starting, two reports never interleave). 404 when the account has no such tournament.
   */
  async getLocked(accountId: string, id: string): Promise<Tournament> {
    const tournament = await this.tournaments.lockOwned(accountId, id);
    if (!tournament) throw new TournamentNotFoundError();
    return tournament;
  }

  /**
   * Play has ended (the last result is in, or a correction re-derived the ranks): the tournament completes by
   * itself, inside the reporting transaction, and its completion event carries the final ranks.
   */
  async completeWithFinalRanks(tournament: Tournament, finalRanks: FinalRank[]): Promise<void> {
    if (tournament.update({ status: 'completed' })) await this.tournaments.save(tournament, (saved) => completionEvent(saved, finalRanks));
    else await this.events.append(completionEvent(tournament, finalRanks));
  }

  /**
   * A correction cleared reported results of a completed tournament: it is in progress again (completed_at cleared)
   * until its last match is reported again. A tournament of a completed or archived league stays as it is
   * (409 league_closed): a closed league's record is final.
   */
  async reopen(tournament: Tournament): Promise<void> {
    await this.checkReopenable(tournament);
    tournament.reopen();
    await this.tournaments.save(tournament, (saved) => tournamentEvent('tournament.status_changed', saved));
  }

  /** Play moved a staged tournament's stages (a status, a decision): saved in play's transaction, with tournament.updated (play sends stage.* too). */
  async recordStages(tournament: Tournament, stages: StageSettings[]): Promise<void> {
    tournament.stages = stages;
    tournament.updatedAt = new Date();
    await this.tournaments.save(tournament, (saved) => tournamentEvent('tournament.updated', saved));
  }

  /** Whether `reopen` would accept it (a dry run previews the refusal too); the league stays share-locked. */
  async checkReopenable(tournament: Tournament): Promise<void> {
    if (tournament.leagueId) await this.leagues.lockAttachableLeague(tournament.accountId, tournament.leagueId);
  }

  /**
   * A read-modify-write of the newest version. When this instance wrote the tournament last (outside a transaction),
   * the change is first tried on its copy of that write, without reading: it counts only if its own write went
   * through, which proves the copy was the row. Anything else (a lost race, a refusal decided on the copy, nothing to
   * write) is decided again on the row as read, so an answer never rests on a copy that was not current.
   */
  private async withFreshVersion<T>(
    accountId: string,
    id: string,
    expected: ExpectedVersion<Tournament>,
    write: (tournament: Tournament) => Promise<T>,
  ): Promise<T> {
    const copy = this.tournaments.recentCopy(accountId, id);
    if (copy && (typeof expected !== 'function' || expected(copy))) {
      try {
        const result = await write(copy);
        if (this.tournaments.wasWritten(copy)) return result;
      } catch (error) {
        if (!decidedOnTheCopy(error)) throw error;
      }
    }
    return this.lifecycle.freshVersion(accountId, id, expected, write);
  }
}
