import { Module } from '@nestjs/common';
import { ParticipantsModule } from '../participants/participants.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { LeagueResults } from '../leagues/domain/league-results';
import { MatchRepository } from './domain/match.repository';
import { PlayLeagueResults } from './league-results.adapter';
import { MatchesController } from './matches.controller';
import { MatchesService } from './matches.service';
import { MikroOrmMatchRepository } from './persistence/mikro-orm-match.repository';
import { WithdrawalsController } from './withdrawals.controller';
import { WithdrawalsService } from './withdrawals.service';

@Module({
  imports: [TournamentsModule, ParticipantsModule],
  controllers: [MatchesController, WithdrawalsController],
  providers: [MatchesService, WithdrawalsService, { provide: MatchRepository, useClass: MikroOrmMatchRepository }, { provide: LeagueResults, useClass: PlayLeagueResults }],
  // For the league table (src/leagues/league-standings.module.ts): the port the leagues module owns.
  exports: [LeagueResults],
})
export class MatchesModule {}
