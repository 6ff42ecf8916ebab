import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DocsModule } from './docs/docs.module';
import { HealthModule } from './health/health.module';
import { ProblemFilter } from './platform/http/problem.filter';
import { RouteTable } from './platform/http/route-table';
import { BearerAuthGuard } from './tokens/http/bearer-auth.guard';
import { TokensModule } from './tokens/tokens.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { mikroOrmOptions } from './platform/persistence/mikro-orm.options';
import { MIGRATIONS } from './migrations';
import { PlatformModule } from './platform/platform.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { LeaguesModule } from './leagues/leagues.module';
import { AccountWebModule } from './account-web/account-web.module';
import { MetricsModule } from './metrics/metrics.module';
import { AdminModule } from './admin/admin.module';
import { ParticipantsModule } from './participants/participants.module';
import { MatchesModule } from './matches/matches.module';
import { MatchesService } from './matches/matches.service';
import { StatusChangeHook } from './tournaments/status-change-hook';
import { LeagueStandingsModule } from './leagues/league-standings.module';
import { LeagueRatingsService } from './leagues/league-ratings.service';
import { SeedingRatingsHook } from './participants/seeding-ratings';
import { EventsModule } from './events/events.module';
import { ViewingModule } from './viewing/viewing.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule implements OnModuleInit {
  constructor(
    private readonly statusChanges: StatusChangeHook,
    private readonly play: MatchesService,
    private readonly seedingRatings: SeedingRatingsHook,
    private readonly leagueRatings: LeagueRatingsService,
  ) {}

  /**
   * The ports bound after start: play's rules depend on the tournaments module whose status changes run them, and
   * league ratings (computed from play's results) on the participants module that seeds by them.
   */
  onModuleInit(): void {
    this.statusChanges.bind(this.play);
    this.seedingRatings.bind(this.leagueRatings);
  }

  static forRoot(config: AppConfig, routes: RouteTable, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), MikroOrmModule.forRoot(mikroOrmOptions(config, logger, MIGRATIONS)), HealthModule, DocsModule, TokensModule, RateLimitModule, PlatformModule, TournamentsModule, LeaguesModule, AccountWebModule, MetricsModule.forRoot(), AdminModule, ParticipantsModule, MatchesModule, LeagueStandingsModule.withResultsFrom(MatchesModule), EventsModule, ViewingModule, WebhooksModule],
      providers: [
        { provide: RouteTable, useValue: routes },
        ProblemFilter,
        { provide: APP_FILTER, useExisting: ProblemFilter },
        // Global guards run in this order: count the request against its caller's budget (identifying the caller),
        // then refuse an unidentified caller, so refused attempts are counted too.
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_GUARD, useExisting: BearerAuthGuard },
      ],
    };
  }
}
