import { fillGroups, GroupSeeding, groupLabels, parseSlots } from '../competition';
import { GroupsNotFillableError } from '../competition';
import { stageStatuses } from '../competition';
import { StageSettings, StageStatus } from '../competition';
import { StageView, stageViews } from './stages.service';
import { Injectable } from '@nestjs/common';
import { EventLog, NewEvent } from '../events';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { InvalidError, PreconditionFailedError } from '../kernel/domain-error';
import { newId } from '../kernel/ids';
import { Cursors } from '../platform/pagination/cursors';
import { keysetPage } from '../platform/pagination/list-request';
import { Page, SortDirection } from '../platform/pagination/page';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { HeavyWorkGate } from '../platform/concurrency/heavy-work-gate';
import { Entrant, FieldEntry } from '../participants';
import { Tournament } from '../tournaments';
import { TournamentStatus } from '../tournaments';
import { bracketReached } from '../competition';
import { formatOf } from '../competition';
import { FormatSettings, Match, participantsOf } from '../competition';
import { seeded, settingsOf } from './play-settings';
import { MatchesPendingError, MatchNotFoundError, MatchNotReadyError } from '../competition';
import { MatchFilters, MatchRecord, MatchRepository, recordsInTurns, UNSCHEDULED } from './domain/match.repository';
import { ResultReport } from '../competition';
import { keepsSeriesOpen } from '../competition';
import { estimatedMatches, OFFLOAD_REPORTS_ABOVE_MATCHES, TableOfPlay } from './domain/match-tasks';
import { named, NamedStandingRow, tableEntrants } from './domain/standings-table';
import { MatchWork } from './match-work';
import { StandingsRefreshes } from './domain/standings-refreshes';
import { StandingsPublisher } from './domain/standings-publisher';
import { needsField, onwardTargets, reportAlongLinks, ReportChanges, ReportOptions, TournamentPlay } from '../competition';
import { Withdrawals } from '../competition';
import { presentMatch as presentWireMatch } from './dto/match.presenter';
import { fieldAfterCheckIn, withdrawalTermsOf } from './withdrawal-terms';
import type { StatusChangeRules, TransitionNote } from '../tournaments';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';
import { StationRepository } from './domain/station.repository';
import { Station } from './domain/schedule/station';
import { pinClashes, ScheduleConflictError } from '../competition';
import { matchDurationMs, plannerInput } from './schedule.service';
import { stageEvents } from './stage-events';

export interface ListMatchesRequest {
  filters: MatchFilters;
  direction: SortDirection;
  limit: number;
  cursor?: string;
}

/** A PATCH of a match: a result to report (or correct), and/or when and where it is scheduled, and whether it is pinned. */
export interface MatchUpdate {
  report?: ResultReport;
  scheduledAt?: Date | null;
  stationId?: string | null;
  pinned?: boolean;
}

const changesPlace = (update: MatchUpdate) => update.scheduledAt !== undefined || update.stationId !== undefined || update.pinned !== undefined;

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
  /** The opponents of every match above, read in the write's transaction: the answer needs no read after the commit. */
  entrants: Entrants;
}

/** Opponents' names and seeds by participant id. */
export type Entrants = ReadonlyMap<string, Entrant>;





/**
 * Use cases of a running tournament: its matches are generated when it starts, results move winners and
 * losers on, and it completes by itself. Every write holds the tournament's row lock, so the reports of one
 * tournament apply one at a time (two reports feeding the same next match both land) and If-Match races
 * have one winner.
 */
@Injectable()
export class MatchesService implements StatusChangeRules {
  constructor(
    private readonly matches: MatchRepository,
    private readonly tournaments: TournamentsInPlay,
    private readonly participants: FieldOfPlay,
    private readonly unitOfWork: UnitOfWork,
    private readonly cursors: Cursors,
    private readonly work: MatchWork,
    private readonly heavyWork: HeavyWorkGate,
    private readonly events: EventLog,
    private readonly refreshes: StandingsRefreshes,
    private readonly publisher: StandingsPublisher,
    private readonly stations: StationRepository,
  ) {}

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

  /** The name and seed of every opponent of these matches, for their wire form. */
  entrantsOf(accountId: string, tournamentId: string, matches: readonly MatchRecord[]): Promise<Entrants> {
    return this.participants.entrants(accountId, tournamentId, matches.flatMap(participantsOf));
  }

  /**
   * The table as its wire JSON (an array of rows), computed on read from the reported matches (see docs/design/resources.md:
   * why no projection), and serialised in the worker thread that computed it, however long it is.
   */
  async standingsJson(accountId: string, tournamentId: string): Promise<string> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [field, matches] = await Promise.all([this.participants.inSeedingOrder(accountId, tournamentId), this.matches.allOfAsJson(accountId, tournamentId)]);
    return this.work.run('standingsJson', settingsOf(tournament), tableEntrants(field), matches);
  }

  /**
   * For public viewing: a tournament's field (in seeding order), every match, the standings and the stations (by
   * name, for the schedule), read once. The caller has found the tournament (by its share link); an unknown one
   * simply has no participants, matches or stations.
   */
  async overview(tournament: Tournament): Promise<{ field: FieldEntry[]; matches: MatchRecord[]; standings: NamedStandingRow[]; stages: StageView[] | null; stations: Station[] }> {
    const { accountId, id } = tournament;
    const [field, batches, stations] = await Promise.all([
      this.participants.inSeedingOrder(accountId, id),
      this.matches.allOfAsJson(accountId, id),
      this.stations.list(accountId, id),
    ]);
    // One read of the matches, as JSON: the worker works out the standings from it while this thread makes the records.
    const [table, matches] = await Promise.all([this.work.run('standingsOf', settingsOf(tournament), seeded(field), batches), recordsInTurns(batches)]);
    const standings = named(table, field);
    // A staged tournament's group tables, as GET …/standings?stage= gives them.
    return { field, matches, standings, stations, stages: tournament.stages ? stageViews(tournament, field, matches) : null };
  }


  /**
   * Reports (or corrects) a result and/or sets `scheduled_at`, in one transaction under the tournament's lock.
   * A dry run computes everything and writes nothing.
   */
  async update(accountId: string, tournamentId: string, id: string, update: MatchUpdate, expected: ExpectedVersion<MatchRecord>, flags: ReportFlags): Promise<ReportResult> {
    const result = await this.updateInTransaction(accountId, tournamentId, id, update, expected, flags);
    // The committed result asked for its table to be published (standings.changed): now is the time.
    if (update.report !== undefined && !flags.dryRun) this.publisher.wake();
    return result;
  }

  private updateInTransaction(accountId: string, tournamentId: string, id: string, update: MatchUpdate, expected: ExpectedVersion<MatchRecord>, flags: ReportFlags): Promise<ReportResult> {
    return this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      const current = await this.matches.findOwned(accountId, tournamentId, id);
      if (!current) throw new MatchNotFoundError();
      if (typeof expected === 'function' && !expected(current)) throw new PreconditionFailedError();
      if (tournament.status === 'cancelled') throw new MatchNotReadyError('The tournament is cancelled: its matches can be read, not reported.');
      // A correction that may reset results downstream is heavy work (a swiss correction re-pairs a round).
      if (update.report && current.status === 'completed' && (flags.resetDependents || flags.dryRun)) await this.heavyWork.enter(accountId);

      const now = new Date();
      const settings = settingsOf(tournament);
      const withdrawals = withdrawalTermsOf(await this.participants.withdrawnIn(accountId, tournamentId));
      const options = { resetDependents: flags.resetDependents || flags.dryRun, tournamentCompleted: tournament.status === 'completed', now };
      const request: ReportRequest = { accountId, tournamentId, id, current, settings, report: update.report, options, dryRun: flags.dryRun, withdrawals };
      // A report that changes only its own match reads only that match (and whether another is open): its cost does not
      // grow with the tournament. With withdrawals, any report may decide the remaining matches by forfeit: the general path.
      const alone = withdrawals.size === 0 && (await this.changesOnlyItself(tournament, current, update, flags));
      // A first result in a bracket reads only the matches it moves its players to (and their feeders), if that is enough.
      const nearby = alone ? null : await this.reportNearby(request);
      const offload = !alone && update.report !== undefined && estimatedMatches(settings, tournament.participantCount) > OFFLOAD_REPORTS_ABOVE_MATCHES;
      const computed = alone ? reportAlone(request) : (nearby ?? (offload ? await this.reportOffloaded(request) : await this.reportInline(request)));
      const { changes, stored, table, field, stageStatuses: staged } = computed;

      // The one place a match's version moves: the tournament's lock makes `before.version` the stored one.
      const record = (match: Match, created = false): MatchRecord => {
        const before = stored.get(match.id);
        return {
          ...(before ?? { accountId, tournamentId, ...UNSCHEDULED, createdAt: now }),
          ...match,
          updatedAt: now,
          version: created || !before ? 1 : before.version + 1,
        };
      };
      const updated = changes.updated.map((match) => record(match));
      let reported = updated.find((match) => match.id === id);
      if (changesPlace(update)) {
        reported ??= record(current);
        Object.assign(reported, await this.placed(tournament, reported, update, now));
        if (!updated.includes(reported)) updated.push(reported);
      }
      const writes = { created: changes.created.map((match) => record(match, true)), updated, deleted: changes.deleted.map((match) => stored.get(match.id)!) };
      const reopens = !changes.complete && tournament.status === 'completed';
      // The table is needed only to preview or to set final ranks; most reports skip it.
      const finalRanking = update.report !== undefined && changes.complete;
      const standings = flags.dryRun || finalRanking ? named(table(), field!) : [];
      const result: Omit<ReportResult, 'entrants'> = {
        match: reported ?? current,
        changed: updated.filter((match) => match.id !== id),
        created: writes.created,
        deleted: writes.deleted,
        cleared: changes.cleared.map((match) => stored.get(match.id)!),
        tournamentCompleted: changes.complete,
        tournamentReopened: reopens,
        standings,
      };
      // Events and the answer carry matches as their GET shows them, with the opponents' names and seeds. Read here,
      // not after the commit: a read then could fail (a busy pool) and turn a committed write into an error.
      const entrants = await this.entrantsOf(accountId, tournamentId, [result.match, ...result.changed, ...result.created, ...result.deleted]);
      if (flags.dryRun) {
        if (reopens) await this.tournaments.checkReopenable(tournament);
        return { ...result, entrants };
      }

      await this.matches.write(writes);
      if (reopens) {
        await this.tournaments.reopenByPlay(tournament);
        const everyone = field ?? (await this.participants.inSeedingOrder(accountId, tournamentId));
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(everyone.map((participant) => [participant.id, null])));
      }
      if (finalRanking) {
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(standings.map((row) => [row.participantId, row.rank])));
      }
      await this.events.append(...playEvents(current, result, stored, update.report !== undefined, entrants));
      // A report that changed only its own match (an undecided series) moves no stage (nor does one along a bracket's
      // links: staged tournaments take the general path); an inline one holds every match, an offloaded one had its
      // worker work the statuses out.
      if (tournament.stages && update.report !== undefined && !alone && !nearby) {
        await this.followStages(tournament, staged ?? stageStatuses(tournament.stages, written(stored, writes), changes.complete));
      }
      if (update.report !== undefined) await this.refreshes.request(accountId, tournamentId);
      // Completing (or re-ranking a completed tournament) appends tournament.completed with the final ranks.
      if (finalRanking) {
        await this.tournaments.completeByPlay(tournament, standings.map((row) => ({ participantId: row.participantId, name: row.name, finalRank: row.rank })));
      }
      return { ...result, entrants };
    });
  }

  /**
   * A match's schedule fields after a PATCH of `scheduled_at`, `station_id` and/or `pinned`: `ends_at` derived from
   * its round's minutes, the schedule sequence bumped when its time or station changes. A station must be one of
   * the tournament's (422); a pin needs a time and a station (422) and may not break a hard rule against the fixed
   * matches, the station's time or the windows (409 schedule_conflict).
   */
  private async placed(tournament: Tournament, match: MatchRecord, update: MatchUpdate, now: Date): Promise<Partial<MatchRecord>> {
    const { accountId, id: tournamentId } = tournament;
    const scheduledAt = update.scheduledAt === undefined ? match.scheduledAt : update.scheduledAt;
    const stationId = update.stationId === undefined ? match.stationId : update.stationId;
    const pinnedAt = update.pinned === undefined ? match.pinnedAt : update.pinned ? (match.pinnedAt ?? now) : null;
    if (update.stationId && !(await this.stations.find(accountId, tournamentId, update.stationId))) {
      throw InvalidError.field('/station_id', 'station_id must be the id of one of this tournament’s stations.');
    }
    if (pinnedAt !== null && (scheduledAt === null || stationId === null)) {
      throw InvalidError.field(scheduledAt === null ? '/scheduled_at' : '/station_id', 'a pinned match needs scheduled_at and station_id.');
    }
    const [all, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
    const after = { ...match, scheduledAt, stationId, pinnedAt, endsAt: null };
    const records = all.map((record) => (record.id === match.id ? after : record));
    const input = plannerInput(tournament, records, stations, now.getTime(), true);
    const durationMs = matchDurationMs(tournament, all, match);
    const endsAt = scheduledAt === null ? null : new Date(scheduledAt.getTime() + durationMs);
    if (pinnedAt !== null && match.status !== 'completed') {
      // The pin itself is fixed where it is put, whatever `now` is.
      const pinned = { ...input, matches: input.matches.map((entry) => (entry.id === match.id ? { ...entry, fixed: { startsAt: scheduledAt!.getTime(), stationId: stationId! } } : entry)) };
      const clashes = pinClashes(pinned, match.id);
      if (clashes.length > 0) {
        const numbers = new Map(all.map((record) => [record.id, record.number]));
        throw new ScheduleConflictError(clashes.map((clash) => ({ rule: clash.rule, otherMatch: clash.otherMatchId === null ? null : { id: clash.otherMatchId, number: numbers.get(clash.otherMatchId)! } })));
      }
    }
    const moved = match.scheduledAt?.getTime() !== scheduledAt?.getTime() || match.stationId !== stationId;
    return { scheduledAt, endsAt, stationId, pinnedAt, scheduleSequence: moved ? (match.scheduleSequence ?? 0) + 1 : match.scheduleSequence };
  }

  /** A report on a tournament small enough to compute here: every match is read as objects. */
  private async reportInline({ accountId, tournamentId, id, current, settings, report, options, dryRun, withdrawals }: ReportRequest): Promise<ComputedReport> {
    const all = await this.matches.allOf(accountId, tournamentId);
    // Most reports neither rank nor pair: they skip reading the field, so their cost does not grow with it.
    // A double forfeit may complete a bracket through the walkovers it makes.
    const readField = dryRun || withdrawals.size > 0 || report?.outcome === 'double_forfeit' || needsField(settings.format, all, current);
    const field = readField ? await this.participants.inSeedingOrder(accountId, tournamentId) : undefined;
    const play = new TournamentPlay(settings, field && seeded(field), all, () => newId(options.now.getTime()), withdrawals);
    const changes: ReportChanges = report
      ? play.report(id, report, options)
      : { match: current, updated: [], created: [], deleted: [], cleared: [], complete: options.tournamentCompleted };
    const table = () => ({ rows: play.standings(), reached: [...bracketReached(settings.format, play.all(), field && seeded(field), settings)] });
    return { changes, stored: new Map(all.map((match) => [match.id, match])), table, field };
  }

  /**
   * A first result in a bracket, on the matches around it (reportAlongLinks): its cost does not grow with the
   * bracket. Null when the format cannot say what it moves, or the result reached further (a walkover, the final):
   * the caller then reports on every match.
   */
  private async reportNearby({ accountId, tournamentId, id, current, settings, report, options, dryRun, withdrawals }: ReportRequest): Promise<ComputedReport | null> {
    const targets = report === undefined || dryRun || withdrawals.size > 0 ? null : onwardTargets(settings, current);
    if (targets === null) return null;
    const nearby = await this.matches.withFeeders(accountId, tournamentId, targets);
    const changes = reportAlongLinks(settings, nearby, id, report!, options, () => newId(options.now.getTime()));
    if (changes === null) return null;
    return { changes, stored: new Map(nearby.map((match) => [match.id, match])), table: () => ({ rows: [], reached: [] }), field: undefined };
  }

  /**
   * A report on a large tournament: its matches go to a worker thread as JSON batches and the bracket moves, swiss
   * pairing and table are computed there; only what changed comes back.
   */
  private async reportOffloaded({ accountId, tournamentId, id, current, settings, report, options, dryRun, withdrawals }: ReportRequest): Promise<ComputedReport> {
    const field = await this.participants.inSeedingOrder(accountId, tournamentId);
    const batches = await this.matches.allOfAsJson(accountId, tournamentId);
    const offloaded = await this.unitOfWork.whileComputing(() =>
      this.work.run(
        'reportInPlay',
        settings,
        seeded(field),
        batches,
        id,
        report!,
        { resetDependents: options.resetDependents, tournamentCompleted: options.tournamentCompleted, now: options.now.toISOString(), withStandings: dryRun },
        withdrawals,
      ),
    );
    const stored = new Map([...offloaded.before, current].map((match) => [match.id, match]));
    return { changes: offloaded.changes, stored, table: () => offloaded.standings!, field, stageStatuses: offloaded.stageStatuses };
  }


  /**
   * Whether a write changes its match and nothing else: a `scheduled_at` alone, or a first result in a format where
   * results move nobody on (round robin, free-for-all) while another match is still open (so it cannot complete
   * the tournament, which ranks everyone). Corrections and dry runs take the general path.
   */
  private async changesOnlyItself(tournament: Tournament, current: MatchRecord, update: MatchUpdate, flags: ReportFlags): Promise<boolean> {
    if (flags.dryRun) return false;
    if (update.report === undefined) return true;
    // Games of a series that stay undecided change only their own match, in any format.
    if (keepsSeriesOpen(settingsOf(tournament), current, update.report)) return true;
    if (current.status !== 'ready' && current.status !== 'in_progress') return false;
    const scope = formatOf(tournament.format).quietWhileOpen(current, settingsOf(tournament));
    return scope !== null && this.matches.anotherOpen(tournament.accountId, tournament.id, current.id, scope);
  }

  /**
   * After a withdrawal in a staged tournament (issue 40), inside its transaction: its forfeits may finish a stage,
   * whose qualifiers the same change filled. The statuses from the matches as now written (withdrawals are rare).
   */
  async followStagesAfterWithdrawal(tournament: Tournament, complete: boolean): Promise<void> {
    await this.followStages(tournament, stageStatuses(tournament.stages!, await this.matches.allOf(tournament.accountId, tournament.id), complete));
  }

  /**
   * After a change to a staged tournament's matches (issue 40): each stage's status as the change left it, kept on
   * the tournament, with stage.completed and stage.started.
   */
  private async followStages(tournament: Tournament, statuses: StageStatus[]): Promise<void> {
    const stages = tournament.stages!;
    if (statuses.every((status, index) => status === stages[index].status)) return;
    const next = stages.map((stage, index) => ({ ...stage, status: statuses[index] }));
    await this.tournaments.recordStagesByPlay(tournament, next);
    await this.events.append(...stageEvents(tournament, stages, next));
  }

  /** A slot map checked by the placement rules against the stage it draws from (issue 40). */
  readonly slotProblems = (slots: string[], previous: StageSettings): { index: number; detail: string }[] => {
    if (previous.advance === null || 'top' in previous.advance) return [{ index: 0, detail: `${previous.key} sends on its top ${previous.advance && 'top' in previous.advance ? previous.advance.top : 0}: seed them by standings.` }];
    const parsed = parseSlots(slots, groupLabels(previous.groups), previous.advance.perGroup, previous.advance.best ?? undefined);
    return parsed.filter((entry): entry is { index: number; detail: string } => entry !== null && 'index' in entry);
  };

  /** Play's rules for a tournament's status change, bound to the tournaments module's hook by src/app.module.ts. */
  async onStatusChange(tournament: Tournament, from: TournamentStatus): Promise<TransitionNote | void> {
    const { accountId, id } = tournament;
    if (tournament.status === 'in_progress') {
      await this.heavyWork.enter(accountId);
      // With check-in required, those who did not check in are left out (removed), and the answer names them.
      const { field, dropped } = fieldAfterCheckIn(tournament, await this.participants.inSeedingOrder(accountId, id));
      if (tournament.stages) {
        checkFirstStage(tournament.stages, field);
        // Saved with the start; stage.started follows matches.generated.
        tournament.stages = tournament.stages.map((stage, index) => ({ ...stage, status: index === 0 ? 'in_progress' : 'pending' }));
      }
      if (dropped.length > 0) {
        await this.participants.removeNotCheckedIn(accountId, id);
        await this.events.append(
          ...dropped.map((participant): NewEvent => ({ accountId, type: 'participant.removed', tournamentId: id, leagueId: tournament.leagueId, data: { id: participant.id } })),
        );
      }
      tournament.participantCount = field.length;
      const now = tournament.startedAt ?? new Date();
      const context = { accountId, tournamentId: id, now: now.toISOString() };
      // Each batch is inserted as the worker hands it over, while it serialises the next.
      const { count, ready } = await this.unitOfWork.whileComputing(async () => {
        const generation = this.work.stream('startingMatchBatches', settingsOf(tournament), seeded(field), context);
        await this.matches.insertBatches(generation.chunks);
        return generation.result;
      });
      await this.events.append({
        accountId,
        type: 'matches.generated',
        tournamentId: id,
        leagueId: tournament.leagueId,
        data: { tournament_id: id, match_count: count, ready_match_count: ready },
      });
      if (tournament.stages) {
        const [first] = tournament.stages;
        await this.events.append({ accountId, type: 'stage.started', tournamentId: id, leagueId: tournament.leagueId, data: { tournament_id: id, stage: first.key, name: first.name, status: first.status } });
      }
      if (tournament.checkInRequired) return { droppedParticipants: dropped.map((participant) => ({ id: participant.id, name: participant.name })) };
    }
    if (tournament.status === 'completed' && from === 'in_progress') {
      const open = await this.matches.countOpen(accountId, id);
      if (open > 0) throw new MatchesPendingError(open);
    }
  }
}

/**
 * A write's match events: the match reported, corrected (with the results it cleared) or rescheduled, then each
 * match it made ready.
 */
function playEvents(before: MatchRecord, result: Omit<ReportResult, 'entrants'>, stored: ReadonlyMap<string, MatchRecord>, reported: boolean, entrants: Entrants): NewEvent[] {
  const { accountId, tournamentId } = before;
  const presentMatch = (match: MatchRecord) => presentWireMatch(match, entrants);
  const event = (type: NewEvent['type'], data: Record<string, unknown>): NewEvent => ({ accountId, type, tournamentId, data });
  const events: NewEvent[] = [];
  if (!reported) events.push(event('match.scheduled', presentMatch(result.match)));
  else if (result.match.status === 'in_progress') events.push(event('match.updated', presentMatch(result.match)));
  else if (before.status === 'completed') {
    const cleared = new Set(result.cleared.map((match) => match.id));
    const clearedNow = [...result.changed, ...result.deleted].filter((match) => cleared.has(match.id));
    events.push(event('match.corrected', { match: presentMatch(result.match), cleared_matches: clearedNow.map(presentMatch) }));
  } else events.push(event('match.reported', presentMatch(result.match)));
  for (const match of [...result.changed, ...result.created]) {
    if (match.status === 'ready' && stored.get(match.id)?.status !== 'ready') events.push(event('match.ready', presentMatch(match)));
  }
  return events;
}

/** One PATCH of a match, as the alone, inline and offloaded computations take it. */
interface ReportRequest {
  accountId: string;
  tournamentId: string;
  id: string;
  /** The stored match, already checked (404, 412, a cancelled tournament, the heavy-work slot). */
  current: MatchRecord;
  settings: FormatSettings;
  /** Absent when only `scheduled_at` changes (always present when offloaded). */
  report: ResultReport | undefined;
  options: ReportOptions;
  dryRun: boolean;
  withdrawals: Withdrawals;
}

/** What a report computed, here or in a worker, for `update` to turn into writes and an answer. */
interface ComputedReport {
  changes: ReportChanges;
  /** The stored version of every match the changes touch, by id. */
  stored: Map<string, MatchRecord>;
  /** The table after the report (called only for a dry run or a completing report). */
  table: () => TableOfPlay;
  field: FieldEntry[] | undefined;
  /** A staged tournament's stage statuses after the report, when the worker that computed it worked them out. */
  stageStatuses?: StageStatus[] | null;
}

/**
 * A write that changes only its own match (changesOnlyItself): the working copy holds that one match, and since
 * other matches are known to be open, it completes nothing.
 */
function reportAlone({ id, current, settings, report, options }: ReportRequest): ComputedReport {
  const play = new TournamentPlay(settings, undefined, [current], () => newId(options.now.getTime()));
  const changes: ReportChanges = report
    ? { ...play.report(id, report, { ...options, othersStillOpen: true }), complete: false }
    : { match: current, updated: [], created: [], deleted: [], cleared: [], complete: options.tournamentCompleted };
  return { changes, stored: new Map([[current.id, current]]), table: () => ({ rows: [], reached: [] }), field: undefined };
}


/** A staged start (issue 40): the first stage's groups fill (409 naming who or which group does not), and each sends on what it has. */
function checkFirstStage(stages: StageSettings[], field: FieldEntry[]): void {
  const [first] = stages;
  const candidates = field.map((participant) => ({ id: participant.id, seed: participant.seed, name: participant.name, group: participant.group }));
  const filled = fillGroups(candidates, first.groups, first.seeding as GroupSeeding);
  if ('problems' in filled) throw new GroupsNotFillableError(filled.problems);
  const smallest = Math.min(...filled.groups.map((group) => group.participantIds.length));
  const advance = first.advance!;
  const needed = 'top' in advance ? advance.top : (advance.best?.place ?? advance.perGroup);
  if (needed > smallest) {
    throw new GroupsNotFillableError([{ detail: `A group of ${smallest} cannot send on ${'top' in advance ? `its top ${needed}` : `${needed} rows`} (stage ${first.key}): add participants or lower advance.` }]);
  }
}

/** Every match of the tournament as the report leaves it: the stored ones with the writes applied. */
function written(stored: ReadonlyMap<string, MatchRecord>, writes: { created: MatchRecord[]; updated: MatchRecord[]; deleted: MatchRecord[] }): MatchRecord[] {
  const all = new Map(stored);
  for (const match of [...writes.updated, ...writes.created]) all.set(match.id, match);
  for (const match of writes.deleted) all.delete(match.id);
  return [...all.values()];
}
