import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { TournamentRepository } from './domain/tournament.repository';
import { MikroOrmTournamentRepository } from './persistence/mikro-orm-tournament.repository';
import { TournamentSchema } from './persistence/tournament.schema';
import { TournamentsController } from './tournaments.controller';
import { TournamentsService } from './tournaments.service';
import { StatusChangeHook } from './status-change-hook';

@Module({
  imports: [MikroOrmModule.forFeature([TournamentSchema]), LeaguesModule],
  controllers: [TournamentsController],
  providers: [TournamentsService, StatusChangeHook, { provide: TournamentRepository, useClass: MikroOrmTournamentRepository }],
  exports: [TournamentsService, StatusChangeHook],
})
export class TournamentsModule {}
