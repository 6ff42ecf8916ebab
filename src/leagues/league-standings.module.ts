import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { LeaguesModule } from './leagues.module';
import { LeagueStandingsController } from './league-standings.controller';
import { LeagueStandingsService } from './league-standings.service';

/**
 * The league table. Its own module because it reads play's results through LeagueResults, which the matches
 * module provides; LeaguesModule itself is imported by tournaments, so it cannot import matches back.
 */
@Module({
  imports: [LeaguesModule, MatchesModule],
  controllers: [LeagueStandingsController],
  providers: [LeagueStandingsService],
})
export class LeagueStandingsModule {}
