import { Injectable } from '@nestjs/common';
import { NewEvent } from '../events';
import { EventLog } from '../events';
import { PreconditionFailedError } from '../kernel/domain-error';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { Tournament } from '../tournaments';
import { SCHEDULE_DEFAULTS, ScheduleSettings } from '../competition';
import { participantsOf } from '../competition';
import { MatchRecord, MatchRepository } from './domain/match.repository';
import { ScheduleInput, SchedulePlan } from '../competition';
import { scheduleMatchesOf, withStoredPlaces } from '../competition';
import { planningRules } from './domain/schedule/planning-rules';
import { Station } from './domain/schedule/station';
import { StationRepository } from './domain/station.repository';
import type { Timed } from '../competition';
import type { ConflictWithFix } from '../competition';
import { renderCalendar } from '../competition';
import { presentMatch } from './dto/match.presenter';
import { MatchWork } from './match-work';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';

export interface ScheduleOptions {
  /** Nothing is planned before it; default: now, or the schedule's starts_at if later. */
  from?: Date;
  keepOrder: boolean;
}

export interface SchedulePreview {
  plan: SchedulePlan;
  /** Match numbers by id, to name them in the answer. */
  numbers: Map<string, number>;
  from: number;
}

/** The settings with their defaults filled in. */
export function scheduleSettingsOf(tournament: Tournament): ScheduleSettings {
  return { ...SCHEDULE_DEFAULTS, ...tournament.schedule };
}

/**
 * The planner's input from a tournament's stored matches and stations: pinned and running matches are fixed; a
 * stage's matches keep the stage's own settings (planning-rules.ts).
 */
export function plannerInput(tournament: Tournament, records: readonly MatchRecord[], stations: readonly Station[], from: number, keepOrder: boolean): ScheduleInput {
  const rules = planningRules(tournament, records);
  const open = scheduleMatchesOf(records, rules.durationOf, rules.rulesOf);
  return {
    matches: withStoredPlaces(open, new Map(records.map((record) => [record.id, record])), from),
    stations: stations.map((station) => ({ id: station.id, available: station.available && station.available.map((span) => ({ from: span.from.getTime(), to: span.to.getTime() })) })),
    windows: rules.windows,
    restMs: rules.restMs,
    ...(rules.stageRules.length > 0 ? { stageRules: rules.stageRules } : {}),
    from,
    keepOrder,
  };
}

/**
 * Plans a tournament's open matches (issue 41) on its stations, under its schedule settings, in the worker pool.
 * Pinned matches and matches being played stay where they are; with keep_order the others keep the order of their
 * stored `scheduled_at`. The preview changes nothing; `apply` stores the plan.
 */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly tournaments: TournamentsInPlay,
    private readonly participants: FieldOfPlay,
    private readonly matches: MatchRepository,
    private readonly stations: StationRepository,
    private readonly work: MatchWork,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventLog,
  ) {}

  async preview(accountId: string, tournamentId: string, options: ScheduleOptions, now = new Date()): Promise<SchedulePreview> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [records, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
    return this.plan(tournament, records, stations, options, now);
  }

  /**
   * Plans and stores the plan in one transaction under the tournament's lock (If-Match names the tournament's
   * version): each match that moves gets its time, end and station, its version and schedule sequence bumped, and
   * a `match.scheduled` event; an unplaced match loses its time. Fixed matches are not touched.
   */
  apply(accountId: string, tournamentId: string, options: ScheduleOptions, expected: ExpectedVersion<Tournament>, now = new Date()): Promise<SchedulePreview> {
    return this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      if (typeof expected === 'function' && !expected(tournament)) throw new PreconditionFailedError();
      const [records, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
      const preview = await this.unitOfWork.whileComputing(() => this.plan(tournament, records, stations, options, now));
      const byId = new Map(records.map((record) => [record.id, record]));
      const moved: MatchRecord[] = [];
      const place = (record: MatchRecord, scheduledAt: Date | null, endsAt: Date | null, stationId: string | null) => {
        const same = record.scheduledAt?.getTime() === scheduledAt?.getTime() && record.endsAt?.getTime() === endsAt?.getTime() && record.stationId === stationId;
        if (same) return;
        moved.push({ ...record, scheduledAt, endsAt, stationId, scheduleSequence: (record.scheduleSequence ?? 0) + 1, updatedAt: now, version: record.version + 1 });
      };
      for (const entry of preview.plan.planned) place(byId.get(entry.matchId)!, new Date(entry.startsAt), new Date(entry.endsAt), entry.stationId);
      for (const id of preview.plan.unplaced) place(byId.get(id)!, null, null, null);
      if (moved.length === 0) return preview;
      await this.matches.write({ created: [], updated: moved, deleted: [] });
      const entrants = await this.participants.entrants(accountId, tournamentId, moved.flatMap(participantsOf));
      // One event per match that moved, the match as GET shows it: a viewer or webhook updates that match alone.
      await this.events.append(...moved.map((match): NewEvent => ({ accountId, type: 'match.scheduled', tournamentId, data: presentMatch(match, entrants) })));
      return preview;
    });
  }

  /** Every hard rule the stored timetable breaks (and matches still open after their end), each with the earliest slot that resolves it. */
  async conflicts(accountId: string, tournamentId: string, now = new Date()): Promise<{ conflicts: ConflictWithFix[]; numbers: Map<string, number> }> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [records, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
    const input = plannerInput(tournament, records, stations, now.getTime(), false);
    const open = records.filter((record) => record.status !== 'completed');
    const times: Record<string, Timed> = {};
    for (const record of open) if (record.scheduledAt !== null && record.stationId !== null) times[record.id] = { startsAt: record.scheduledAt.getTime(), stationId: record.stationId };
    const conflicts = await this.work.run('conflictsWithFixes', {
      input,
      times,
      overdue: open.filter((record) => record.endsAt !== null && record.endsAt.getTime() < now.getTime()).map((record) => record.id),
      pinned: open.filter((record) => record.pinnedAt !== null).map((record) => record.id),
      now: now.getTime(),
    });
    return { conflicts, numbers: new Map(records.map((record) => [record.id, record.number])) };
  }

  /**
   * The schedule as an RFC 5545 calendar: every match with a time (of one participant, when given), its station as
   * LOCATION and its schedule sequence as SEQUENCE.
   */
  async calendar(accountId: string, tournamentId: string, participantId?: string): Promise<string> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const [records, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
    const timed = records.filter((record) => record.scheduledAt !== null && (participantId === undefined || participantsOf(record).includes(participantId)));
    const entrants = await this.participants.entrants(accountId, tournamentId, timed.flatMap(participantsOf));
    const stationNames = new Map(stations.map((station) => [station.id, station.name]));
    return renderCalendar({
      tournamentId,
      name: tournament.name,
      matches: timed.map((record) => ({
        id: record.id,
        number: record.number,
        startsAt: record.scheduledAt!,
        endsAt: record.endsAt ?? new Date(record.scheduledAt!.getTime() + matchDurationMs(tournament, records, record)),
        opponents: record.opponents.map((opponent) => (opponent.participantId === null ? null : (entrants.get(opponent.participantId)?.name ?? null))),
        location: record.stationId === null ? null : (stationNames.get(record.stationId) ?? null),
        sequence: record.scheduleSequence ?? 0,
        updatedAt: record.updatedAt,
        cancelled: record.outcome === 'void',
      })),
    });
  }

  private async plan(tournament: Tournament, records: readonly MatchRecord[], stations: readonly Station[], options: ScheduleOptions, now: Date): Promise<SchedulePreview> {
    const settings = scheduleSettingsOf(tournament);
    const startsAt = settings.starts_at === null ? -Infinity : Date.parse(settings.starts_at);
    const from = options.from?.getTime() ?? Math.max(now.getTime(), startsAt);
    const plan = await this.work.run('planSchedule', plannerInput(tournament, records, stations, from, options.keepOrder));
    return { plan, numbers: new Map(records.map((record) => [record.id, record.number])), from };
  }
}

/** How long a match takes under its stage's or the tournament's `match_minutes` (its round's, in a bracket by name). */
export function matchDurationMs(tournament: Tournament, all: readonly MatchRecord[], match: MatchRecord): number {
  return planningRules(tournament, all).durationOf(match);
}
