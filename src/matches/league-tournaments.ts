import { Tournament } from '../tournaments';
import { TournamentStatus } from '../tournaments';
import { TournamentsService } from '../tournaments';

const PAGE = 100;

/** Every tournament of the league in one of these statuses, in the order they were created (page by page). */
export async function leagueTournaments(tournaments: TournamentsService, accountId: string, leagueId: string, status: TournamentStatus[]): Promise<Tournament[]> {
  const found: Tournament[] = [];
  let cursor: string | undefined;
  do {
    const page = await tournaments.list(accountId, { filters: { leagueId, status }, sort: { field: 'created_at', direction: 'asc' }, limit: PAGE, cursor });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}
