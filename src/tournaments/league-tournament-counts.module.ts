import { Global, Module } from '@nestjs/common';
import { LeagueTournamentCounts } from '../leagues';
import { PostgresLeagueTournamentCounts } from './persistence/postgres-league-tournament-counts';

/**
 * The leagues module's port for its tournament counts, provided here because this module keeps the tournaments.
 * Leagues sits below and cannot import this module, so the provider is global: the leagues repository finds it by
 * its token. It needs nothing of the leagues module, so no circle of instances forms.
 */
@Global()
@Module({
  providers: [{ provide: LeagueTournamentCounts, useClass: PostgresLeagueTournamentCounts }],
  exports: [LeagueTournamentCounts],
})
export class LeagueTournamentCountsModule {}
