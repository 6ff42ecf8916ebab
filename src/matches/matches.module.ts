import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ParticipantsModule } from '../participants';
import { WorkerPool } from '../platform/work/worker-pool';
import { TournamentsModule } from '../tournaments';
import { LeagueResults } from '../leagues';
import { MATCH_TASK_ERRORS, MatchTasks, MatchWork } from './match-work';
import { MatchRepository } from './domain/match.repository';
import { PlayLeagueResults } from './league-results.adapter';
import { PlayLeagueRatedResults } from './league-rated-results.adapter';
import { LeagueRatingsKeeper } from './league-ratings-keeper';
import { LeagueRatedResults } from '../leagues';
import { LeaguesModule } from '../leagues';
import { MatchesController } from './matches.controller';
import { MatchesService } from './matches.service';
import { MatchSchema } from './persistence/match.schema';
import { PostgresMatchRepository } from './persistence/postgres-match.repository';
import { WithdrawalsController } from './withdrawals.controller';
import { StationsController } from './stations.controller';
import { StagesController } from './stages.controller';
import { StagesService } from './stages.service';
import { ScheduleController } from './schedule.controller';
import { ScheduleService } from './schedule.service';
import { CalendarController } from './calendar.controller';
import { StationsService } from './stations.service';
import { StationRepository } from './domain/station.repository';
import { PostgresStationRepository } from './persistence/postgres-station.repository';
import { WithdrawalsService } from './withdrawals.service';
import { StandingsRefreshes } from './domain/standings-refreshes';
import { PostgresStandingsRefreshes } from './persistence/postgres-standings-refreshes';
import { StandingsRefresher } from './standings-refresher.service';
import { StandingsPublisher } from './domain/standings-publisher';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';
import { TournamentsInPlayAdapter } from './adapters/tournaments-in-play.adapter';
import { FieldOfPlayAdapter } from './adapters/field-of-play.adapter';
import { formatCatalog } from '../competition';
import './matches.problems';

/** The formats' large computations run in worker threads (MATCH_TASKS), so a big start never stalls other requests. */
function matchWorkerPool(config: AppConfig): WorkerPool<MatchTasks> {
  return new WorkerPool<MatchTasks>({
    module: require.resolve('./match-work'),
    exportName: 'MATCH_TASKS',
    preload: formatCatalog.modulesToPreload(),
    threads: config.workThreads,
    maxQueued: config.workQueueLimit,
    taskTimeoutMs: config.workTaskTimeoutMs,
    maxHeapMb: config.workThreadHeapMb,
    errorTypes: MATCH_TASK_ERRORS,
  });
}

@Module({
  imports: [MikroOrmModule.forFeature([MatchSchema]), TournamentsModule, ParticipantsModule, LeaguesModule],
  controllers: [MatchesController, WithdrawalsController, StationsController, ScheduleController, CalendarController, StagesController],
  providers: [
    MatchesService,
    WithdrawalsService,
    StationsService,
    ScheduleService,
    StagesService,
    { provide: StationRepository, useClass: PostgresStationRepository },
    { provide: MatchRepository, useClass: PostgresMatchRepository },
    { provide: MatchWork, inject: [AppConfig], useFactory: matchWorkerPool },
    { provide: LeagueResults, useClass: PlayLeagueResults },
    PlayLeagueRatedResults,
    LeagueRatingsKeeper,
    { provide: LeagueRatedResults, useExisting: PlayLeagueRatedResults },
    { provide: StandingsRefreshes, useClass: PostgresStandingsRefreshes },
    StandingsRefresher,
    { provide: StandingsPublisher, useExisting: StandingsRefresher },
    // The ports play declares, served by its adapters over the tournaments and participants modules' public API.
    { provide: TournamentsInPlay, useClass: TournamentsInPlayAdapter },
    { provide: FieldOfPlay, useClass: FieldOfPlayAdapter },
  ],
  // For the league table (src/leagues/league-standings.module.ts): the port the leagues module owns.
  exports: [LeagueResults, LeagueRatedResults, MatchesService, StandingsRefresher, ScheduleService],
})
export class MatchesModule {}
