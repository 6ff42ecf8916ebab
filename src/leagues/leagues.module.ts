import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LeagueRepository } from './domain/league.repository';
import { LeaguesController } from './leagues.controller';
import { LeaguesService } from './leagues.service';
import { LeagueSchema } from './persistence/league.schema';
import { MikroOrmLeagueRepository } from './persistence/mikro-orm-league.repository';
import './leagues.problems';

/** Leagues: the API, and LeaguesService for modules that attach things to a league (tournaments). */
@Module({
  imports: [MikroOrmModule.forFeature([LeagueSchema])],
  controllers: [LeaguesController],
  providers: [LeaguesService, { provide: LeagueRepository, useClass: MikroOrmLeagueRepository }],
  exports: [LeaguesService],
})
export class LeaguesModule {}
