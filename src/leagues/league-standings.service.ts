import { Injectable } from '@nestjs/common';
import { LeagueScoring, DEFAULT_PLACEMENT_POINTS } from './domain/league-scoring';
import { CompletedTournament, LeagueResults } from './domain/league-results';
import { PlacementRow, placementsTable, SumRow, sumTable } from './domain/league-standings';
import { LeaguesService } from './leagues.service';

export interface LeagueStandings {
  scoring: LeagueScoring;
  /** The tournaments the table is made of: the league's completed ones (a sum table: its round robin and swiss ones). */
  tournaments: CompletedTournament[];
  placements: PlacementRow[];
  sum: SumRow[];
}

/**
 * The league table, computed on every read from the league's completed tournaments (LeagueResults, a port this
 * module owns): a corrected result or a changed weight shows on the next read, with nothing to keep in step.
 */
@Injectable()
export class LeagueStandingsService {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly results: LeagueResults,
  ) {}

  async standings(accountId: string, leagueId: string): Promise<LeagueStandings> {
    const league = await this.leagues.get(accountId, leagueId);
    const tournaments = await this.results.completedTournaments(accountId, league.id, { withMatches: league.scoring === 'sum' });
    if (league.scoring === 'sum') {
      return { scoring: 'sum', tournaments: tournaments.filter((tournament) => tournament.rankByRules !== null), placements: [], sum: sumTable(tournaments) };
    }
    return {
      scoring: 'placements',
      tournaments,
      placements: placementsTable(tournaments, league.placementPoints ?? DEFAULT_PLACEMENT_POINTS, league.countedResults),
      sum: [],
    };
  }
}
