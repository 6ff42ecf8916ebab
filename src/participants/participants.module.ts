import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { TournamentsModule } from '../tournaments';
import { ParticipantRepository } from './domain/participant.repository';
import { PostgresParticipantRepository } from './persistence/postgres-participant.repository';
import { ParticipantSchema } from './persistence/participant.schema';
import { ParticipantsController } from './participants.controller';
import { ParticipantsService } from './participants.service';
import { TournamentGate } from './tournament-gate';
import { TournamentsGateAdapter } from './adapters/tournaments-gate.adapter';
import { SeedingRatingsHook } from './seeding-ratings';
import './participants.problems';

@Module({
  imports: [MikroOrmModule.forFeature([ParticipantSchema]), TournamentsModule],
  controllers: [ParticipantsController],
  providers: [
    ParticipantsService,
    SeedingRatingsHook,
    { provide: ParticipantRepository, useClass: PostgresParticipantRepository },
    // The port participants declare, served by their adapter over the tournaments module's public API.
    { provide: TournamentGate, useClass: TournamentsGateAdapter },
  ],
  exports: [ParticipantsService, SeedingRatingsHook],
})
export class ParticipantsModule {}
