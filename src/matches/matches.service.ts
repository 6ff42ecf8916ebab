import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventLog, NewEvent } from '../events/domain/event-log';
import { ExpectedVersion } from '../shared/concurrency/fresh-version';
import { PreconditionFailedError } from '../shared/domain-error';
import { newId } from '../shared/ids';
import { Cursors } from '../shared/pagination/cursors';
import { keysetPage } from '../shared/pagination/list-request';
import { Page, SortDirection } from '../shared/pagination/page';
import { UnitOfWork } from '../shared/persistence/unit-of-work';
import { Participant } from '../participants/domain/participant';
import { Entrant } from '../participants/domain/participant.repository';
import { ParticipantsService } from '../participants/participants.service';
import { Tournament } from '../tournaments/domain/tournament';
import { TournamentStatus } from '../tournaments/domain/tournament-status';
import { TournamentsService } from '../tournaments/tournaments.service';
import { TournamentTransitions } from '../tournaments/tournament-transitions';
import { generateMatches } from './domain/generation';
import { defaultSwissRounds, FormatSettings, Match, participantsOf, SeededParticipant } from './domain/match';
import { MatchesPendingError, MatchNotFoundError, MatchNotReadyError } from './domain/match-errors';
import { MatchFilters, MatchRecord, MatchRepository } from './domain/match.repository';
import { ResultReport } from './domain/report';
import { computeStandings, StandingRow } from './domain/standings';
import { needsField, ReportChanges, TournamentPlay } from './domain/tournament-play';
import { presentMatch as presentWireMatch, presentStandingRow } from './dto/match.presenter';

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
  /** Filled for a dry run, and when the report completes (or corrects) the tournament. */
  standings: NamedStandingRow[];
}

/** Opponents' names and seeds by participant id. */
export type Entrants = ReadonlyMap<string, Entrant>;

export interface NamedStandingRow extends StandingRow {
  name: string;
}

/** The format and its rounds, the swiss default resolved from the participant count (so a report need not read the field). */
function settingsOf(tournament: Tournament): FormatSettings {
  const rounds = tournament.rounds ?? (tournament.format === 'swiss' ? defaultSwissRounds(tournament.participantCount) : null);
  return { format: tournament.format, rounds };
}

function seeded(participants: { id: string; seed: number | null }[]): SeededParticipant[] {
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
    private readonly events: EventLog,
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

  /** The name and seed of every opponent of these matches, for their wire form. */
  entrantsOf(accountId: string, tournamentId: string, matches: readonly MatchRecord[]): Promise<Entrants> {
    return this.participants.entrants(accountId, tournamentId, matches.flatMap(participantsOf));
  }

  /** The table from the reported matches, computed on read (see README: why no projection). */
  async standings(accountId: string, tournamentId: string): Promise<NamedStandingRow[]> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [field, matches] = await Promise.all([
      this.participants.inSeedingOrder(accountId, tournamentId),
      this.matches.allOf(accountId, tournamentId),
    ]);
    return named(computeStandings(settingsOf(tournament), seeded(field), matches), field);
  }

  /**
   * For public viewing: a tournament's field (in seeding order), every match and the standings, read once.
   * The caller has found the tournament (by its share link); an unknown one simply has no participants or matches.
   */
  async overview(tournament: Tournament): Promise<{ field: Participant[]; matches: MatchRecord[]; standings: NamedStandingRow[] }> {
    const { accountId, id } = tournament;
    const [field, matches] = await Promise.all([this.participants.inSeedingOrder(accountId, id), this.matches.allOf(accountId, id)]);
    return { field, matches, standings: named(computeStandings(settingsOf(tournament), seeded(field), matches), field) };
  }

  /**
   * Reports (or corrects) a result and/or sets `scheduled_at`, in one transaction under the tournament's lock.
   * A dry run computes everything and writes nothing.
   */
  update(accountId: string, tournamentId: string, id: string, update: MatchUpdate, expected: ExpectedVersion<MatchRecord>, flags: ReportFlags): Promise<ReportResult> {
    return this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      const stored = await this.matches.allOf(accountId, tournamentId);
      const current = stored.find((match) => match.id === id);
      if (!current) throw new MatchNotFoundError();
      if (typeof expected === 'function' && !expected(current)) throw new PreconditionFailedError();
      if (tournament.status === 'cancelled') throw new MatchNotReadyError('The tournament is cancelled: its matches can be read, not reported.');

      const now = new Date();
      // Most reports neither rank nor pair: they skip reading the field, so their cost does not grow with it.
      const field = flags.dryRun || needsField(tournament.format, stored, current) ? await this.participants.inSeedingOrder(accountId, tournamentId) : undefined;
      const play = new TournamentPlay(settingsOf(tournament), field && seeded(field), stored, () => newId(now.getTime()));
      const changes: ReportChanges = update.report
        ? play.report(id, update.report, {
            resetDependents: flags.resetDependents || flags.dryRun,
            tournamentCompleted: tournament.status === 'completed',
            now,
          })
        : { match: current, updated: [], created: [], deleted: [], cleared: [], complete: tournament.status === 'completed' };

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
      // The table is needed only to preview or to set final ranks; most reports skip it.
      const finalRanking = update.report !== undefined && changes.complete;
      const standings = flags.dryRun || finalRanking ? named(play.standings(), field!) : [];
      const result: ReportResult = {
        match: reported ?? current,
        changed: updated.filter((match) => match.id !== id),
        created: writes.created,
        deleted: writes.deleted,
        cleared: changes.cleared.map((match) => byId.get(match.id)!),
        tournamentCompleted: changes.complete,
        standings,
      };
      if (flags.dryRun) return result;

      await this.matches.write(writes);
      if (finalRanking) {
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(standings.map((row) => [row.participantId, row.rank])));
      }
      // Events carry matches as their GET shows them, with the opponents' names and seeds.
      const entrants = await this.entrantsOf(accountId, tournamentId, [result.match, ...result.changed, ...result.created, ...result.deleted]);
      await this.events.append(...playEvents(current, result, byId, update.report !== undefined, entrants));
      if (update.report !== undefined) await this.events.append(await this.standingsEvent(tournament));
      // Completing (or re-ranking a completed tournament) appends tournament.completed with the final ranks.
      if (finalRanking) {
        await this.tournaments.completeByPlay(tournament, standings.map((row) => ({ participantId: row.participantId, name: row.name, finalRank: row.rank })));
      }
      return result;
    });
  }

  /**
   * The table after a result, as GET …/standings returns it, read inside the reporting transaction in a fixed
   * number of statements (the field in one, by the tournament's participant count).
   */
  private async standingsEvent(tournament: Tournament): Promise<NewEvent> {
    const { accountId, id } = tournament;
    const field = await this.participants.inSeedingOrder(accountId, id, tournament.participantCount);
    const rows = named(computeStandings(settingsOf(tournament), seeded(field), await this.matches.allOf(accountId, id)), field);
    return { accountId, type: 'standings.changed', tournamentId: id, data: { tournament_id: id, standings: rows.map(presentStandingRow) } };
  }

  private async onStatusChange(tournament: Tournament, from: TournamentStatus): Promise<void> {
    const { accountId, id } = tournament;
    if (tournament.status === 'in_progress') {
      const field = await this.participants.inSeedingOrder(accountId, id);
      const now = tournament.startedAt ?? new Date();
      const generated = generateMatches(settingsOf(tournament), seeded(field), () => newId(now.getTime()), now);
      await this.matches.write({
        created: generated.map((match) => ({ ...match, accountId, tournamentId: id, scheduledAt: null, createdAt: now, updatedAt: now, version: 1 })),
        updated: [],
        deleted: [],
      });
      await this.events.append({
        accountId,
        type: 'matches.generated',
        tournamentId: id,
        leagueId: tournament.leagueId,
        data: { tournament_id: id, match_count: generated.length, ready_match_count: generated.filter((match) => match.status === 'ready').length },
      });
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
function playEvents(before: MatchRecord, result: ReportResult, stored: ReadonlyMap<string, MatchRecord>, reported: boolean, entrants: Entrants): NewEvent[] {
  const { accountId, tournamentId } = before;
  const presentMatch = (match: MatchRecord) => presentWireMatch(match, entrants);
  const event = (type: NewEvent['type'], data: Record<string, unknown>): NewEvent => ({ accountId, type, tournamentId, data });
  const events: NewEvent[] = [];
  if (!reported) events.push(event('match.scheduled', presentMatch(result.match)));
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

function named(rows: StandingRow[], field: { id: string; name: string }[]): NamedStandingRow[] {
  const names = new Map(field.map((participant) => [participant.id, participant.name]));
  return rows.map((row) => ({ ...row, name: names.get(row.participantId)! }));
}
