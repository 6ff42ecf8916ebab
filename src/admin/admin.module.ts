import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues';
import { TokensModule } from '../tokens';
import { TournamentsModule } from '../tournaments';
import { AccountReports } from './account-reports';

/** What the admin command line needs beyond the modules' own services. */
@Module({
  imports: [TokensModule, TournamentsModule, LeaguesModule],
  providers: [AccountReports],
  exports: [AccountReports],
})
export class AdminModule {}
