import { DynamicModule, Module, Type } from '@nestjs/common';
import { LeaguesModule } from './leagues.module';
import { LeagueStandingsController } from './league-standings.controller';
import { LeagueStandingsService } from './league-standings.service';

/**
 * The league table. It reads play's results through LeagueResults, a port this module owns; the composition
 * root names the module that provides it (the matches module), so leagues import nothing above them.
 */
@Module({
  imports: [LeaguesModule],
  controllers: [LeagueStandingsController],
  providers: [LeagueStandingsService],
})
export class LeagueStandingsModule {
  /** `results`: a module that exports a LeagueResults provider. */
  static withResultsFrom(results: Type<unknown>): DynamicModule {
    return { module: LeagueStandingsModule, imports: [results] };
  }
}
