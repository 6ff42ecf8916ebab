import type { ModuleManifest } from '../platform/module-manifest';
import { TOURNAMENT_EVENT_TYPES } from './tournaments.events';
import type { ProblemSource } from '../platform/openapi/problem-examples';
import { TOURNAMENTS_MIGRATIONS } from './persistence/migrations';
import { StatusChangeHook } from './status-change-hook';
import { TOURNAMENT_START_ERRORS, tournamentsApiDocs } from './tournaments.openapi';
import { TournamentsModule } from './tournaments.module';
import { TournamentsService } from './tournaments.service';

export { TOURNAMENT_START_ERRORS } from './tournaments.openapi';

/** Tournaments: the resource and its status machine. */
export const tournamentsManifest: ModuleManifest = {
  name: 'tournaments',
  nestModules: [TournamentsModule],
  migrations: TOURNAMENTS_MIGRATIONS,
  apiDocs: ({ contributions }) => [tournamentsApiDocs(contributions(TOURNAMENT_START_ERRORS) as ProblemSource[])],
  eventTypes: TOURNAMENT_EVENT_TYPES,
  ports: [TournamentsService, StatusChangeHook],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { TournamentNotFoundError } from './domain/tournament-errors';
export { TournamentStatus, locksSetup } from './domain/tournament-status';
export { MAX_PARTICIPANTS_LIMIT, Tournament, participantCapOf } from './domain/tournament';
export type { TournamentFormat } from './domain/tournament';
export { presentTournament, tournamentEtag } from './dto/tournament.presenter';
export { leagueTournamentIdsSql, leagueTournamentsVersionSql, sharedTournamentSql } from './persistence/tournament-sql';
export { StatusChangeHook } from './status-change-hook';
export type { StatusChangeRules, TransitionNote } from './status-change-hook';
export { aTournament } from './testing/a-tournament';
export { TournamentsModule } from './tournaments.module';
export { TournamentsService } from './tournaments.service';
export type { FinalRank } from './tournaments.service';
