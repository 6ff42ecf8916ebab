import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { TokensModule } from '../tokens/tokens.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { AccountReports } from './account-reports';

/** What the admin command line needs beyond the modules' own services. */
@Module({
  imports: [TokensModule, TournamentsModule, LeaguesModule],
  providers: [AccountReports],
  exports: [AccountReports],
})
export class AdminModule {}
