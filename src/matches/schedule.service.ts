import { Injectable } from '@nestjs/common';
import { SCHEDULE_DEFAULTS } from '../tournaments/domain/schedule-settings';
import { formatOf } from './domain/formats/registry';
import { MatchRepository } from './domain/match.repository';
import { SchedulePlan } from './domain/schedule/schedule';
import { scheduleMatchesOf } from './domain/schedule/schedule-input';
import { StationRepository } from './domain/station.repository';
import { MatchWork } from './match-work';
import { TournamentsInPlay } from './play-ports';

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

/**
 * Plans a tournament's open matches (issue 41) on its stations, under its schedule settings, in the worker pool.
 * The preview changes nothing; matches keep the order of their current `scheduled_at` with keep_order.
 */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly tournaments: TournamentsInPlay,
    private readonly matches: MatchRepository,
    private readonly stations: StationRepository,
    private readonly work: MatchWork,
  ) {}

  async preview(accountId: string, tournamentId: string, options: ScheduleOptions, now = new Date()): Promise<SchedulePreview> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    const settings = { ...SCHEDULE_DEFAULTS, ...tournament.schedule };
    const [records, stations] = await Promise.all([this.matches.allOf(accountId, tournamentId), this.stations.list(accountId, tournamentId)]);
    const startsAt = settings.starts_at === null ? -Infinity : Date.parse(settings.starts_at);
    const from = options.from?.getTime() ?? Math.max(now.getTime(), startsAt);
    const scheduledAt = new Map(records.map((record) => [record.id, record.scheduledAt]));
    const matches = scheduleMatchesOf(records, settings.match_minutes, formatOf(tournament.format).layout === 'bracket').map((match) => {
      const previous = scheduledAt.get(match.id);
      return previous ? { ...match, previous: { startsAt: previous.getTime(), stationId: null } } : match;
    });
    const plan = await this.work.run('planSchedule', {
      matches,
      stations: stations.map((station) => ({ id: station.id, available: station.available && station.available.map((span) => ({ from: span.from.getTime(), to: span.to.getTime() })) })),
      windows: settings.windows && settings.windows.map((window) => ({ from: Date.parse(window.from), to: Date.parse(window.to) })),
      restMs: settings.rest_minutes * 60_000,
      from,
      keepOrder: options.keepOrder,
    });
    return { plan, numbers: new Map(records.map((record) => [record.id, record.number])), from };
  }
}
