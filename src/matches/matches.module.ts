import { Module } from '@nestjs/common';
import { ParticipantsModule } from '../participants/participants.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { MatchRepository } from './domain/match.repository';
import { MatchesController } from './matches.controller';
import { MatchesService } from './matches.service';
import { MikroOrmMatchRepository } from './persistence/mikro-orm-match.repository';
import { WithdrawalsController } from './withdrawals.controller';
import { WithdrawalsService } from './withdrawals.service';

@Module({
  imports: [TournamentsModule, ParticipantsModule],
  controllers: [MatchesController, WithdrawalsController],
  providers: [MatchesService, WithdrawalsService, { provide: MatchRepository, useClass: MikroOrmMatchRepository }],
})
export class MatchesModule {}
