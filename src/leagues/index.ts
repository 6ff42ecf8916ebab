import type { ModuleManifest } from '../platform/module-manifest';
import { LEAGUE_EVENT_TYPES } from './leagues.events';
import { RatingStore } from './domain/ratings/rating-store';
import { LeagueRatedResults } from './domain/league-rated-results';
import { leagueRatingsApiDocs } from './league-ratings.openapi';
import { leagueStandingsApiDocs } from './league-standings.openapi';
import { LEAGUES_PROBLEM_KINDS } from './leagues.problems';
import { leaguesApiDocs } from './leagues.openapi';
import { LeaguesModule } from './leagues.module';
import { LeaguesService } from './leagues.service';
import { LeagueResults } from './domain/league-results';
import { LEAGUES_MIGRATIONS } from './persistence/migrations';

/**
 * Leagues, their table and ratings. The table and ratings (LeagueStandingsModule) read play's results through
 * ports this module owns; the module that provides them imports it (src/matches/play-wiring.module.ts).
 */
export const leaguesManifest: ModuleManifest = {
  name: 'leagues',
  nestModules: [LeaguesModule],
  migrations: LEAGUES_MIGRATIONS,
  apiDocs: () => [leaguesApiDocs(), leagueStandingsApiDocs(), leagueRatingsApiDocs()],
  problems: LEAGUES_PROBLEM_KINDS,
  eventTypes: LEAGUE_EVENT_TYPES,
  ports: [LeaguesService, RatingStore, LeagueResults, LeagueRatedResults],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { LeagueClosedError, LeagueNotFoundError, LeagueNotRatedError, UnknownLeagueError } from './domain/league-errors';
export { LeagueRatedResults, StoredRatings } from './domain/league-rated-results';
export { CompletedTournament, LeagueEntrant, LeagueResults, RankByRules, totalsOf } from './domain/league-results';
export { competitorOf } from './domain/league-standings';
export { League } from './domain/league';
export { LeagueTournamentCounts } from './domain/league-tournament-counts';
export { PlayerRating, RatedResult, RatingHistoryEntry, RatingPosition, applyResults, comparePositions, computeRatings, continueRatings, inRatingOrder, isProvisional } from './domain/ratings/rating-engine';
export { RatingSettings } from './domain/ratings/rating-settings';
export { RatingState, RatingStore, StoredResult } from './domain/ratings/rating-store';
export { presentRatingRow } from './dto/league-ratings.presenter';
export { leagueEtag, presentLeague } from './dto/league.presenter';
export { LeagueRatingsService } from './league-ratings.service';
export { LeagueStandingsModule } from './league-standings.module';
export { LeaguesModule } from './leagues.module';
export { LeaguesService } from './leagues.service';
export { sharedLeagueSql } from './persistence/league-sql';
