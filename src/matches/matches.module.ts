import { Module } from '@nestjs/common';
import { ParticipantsModule } from '../participants/participants.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { MatchRepository } from './domain/match.repository';
import { MatchesController } from './matches.controller';
import { MatchesService } from './matches.service';
import { MikroOrmMatchRepository } from './persistence/mikro-orm-match.repository';

@Module({
  imports: [TournamentsModule, ParticipantsModule],
  controllers: [MatchesController],
  providers: [MatchesService, { provide: MatchRepository, useClass: MikroOrmMatchRepository }],
  exports: [MatchesService],
})
export class MatchesModule {}
