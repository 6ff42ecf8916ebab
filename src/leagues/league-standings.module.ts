import { DynamicModule, Module, Type } from '@nestjs/common';
import { LeaguesModule } from './leagues.module';
import { LeagueStandingsController } from './league-standings.controller';
import { LeagueStandingsService } from './league-standings.service';
import { LeagueRatingsController } from './league-ratings.controller';
import { LeagueRatingsService } from './league-ratings.service';

/**
 * The league table and its ratings. They read play's results through LeagueResults and LeagueRatedResults, ports this module owns; the module that
 * provides them (matches, in its play-wiring module) imports this one with its results, so leagues import nothing above them.
 */
@Module({
  imports: [LeaguesModule],
  controllers: [LeagueStandingsController, LeagueRatingsController],
  providers: [LeagueStandingsService, LeagueRatingsService],
  exports: [LeagueRatingsService],
})
export class LeagueStandingsModule {
  /** `results`: a module that exports LeagueResults and LeagueRatedResults providers. */
  static withResultsFrom(results: Type<unknown>): DynamicModule {
    return { module: LeagueStandingsModule, imports: [results] };
  }
}
