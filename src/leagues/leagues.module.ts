import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LeagueRepository } from './domain/league.repository';
import { LeaguesController } from './leagues.controller';
import { LeaguesService } from './leagues.service';
import { LeagueSchema } from './persistence/league.schema';
import { PostgresLeagueRepository } from './persistence/postgres-league.repository';
import { RatingStore } from './domain/ratings/rating-store';
import { PostgresRatingStore } from './persistence/postgres-rating-store';
import './leagues.problems';

/** Leagues: the API, LeaguesService for modules that attach things to a league (tournaments), and the stored ratings play keeps. */
@Module({
  imports: [MikroOrmModule.forFeature([LeagueSchema])],
  controllers: [LeaguesController],
  providers: [LeaguesService, { provide: LeagueRepository, useClass: PostgresLeagueRepository }, { provide: RatingStore, useClass: PostgresRatingStore }],
  exports: [LeaguesService, RatingStore],
})
export class LeaguesModule {}
