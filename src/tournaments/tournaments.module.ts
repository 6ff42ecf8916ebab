import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues';
import { TournamentRepository } from './domain/tournament.repository';
import { PostgresTournamentRepository } from './persistence/postgres-tournament.repository';
import { TournamentSchema } from './persistence/tournament.schema';
import { TournamentsController } from './tournaments.controller';
import { TournamentsService } from './tournaments.service';
import { StatusChangeHook } from './status-change-hook';
import { LeagueTournamentCountsModule } from './league-tournament-counts.module';

@Module({
  imports: [MikroOrmModule.forFeature([TournamentSchema]), LeaguesModule, LeagueTournamentCountsModule],
  controllers: [TournamentsController],
  providers: [TournamentsService, StatusChangeHook, { provide: TournamentRepository, useClass: PostgresTournamentRepository }],
  exports: [TournamentsService, StatusChangeHook],
})
export class TournamentsModule {}
