import { Injectable } from '@nestjs/common';
import { League, LeagueRatedResults, LeaguesService } from '../../leagues';
import { MatchesService, ScheduleService } from '../../matches';
import { ParticipantsService } from '../../participants';
import { Tournament, TournamentsService } from '../../tournaments';
import { ParticipantFacts } from '../domain/view-builder';
import { RatedPlayer, SharedContent, TournamentPlay } from '../viewing-ports';

/** A league's tournaments are read in pages of this many. */
const PAGE_SIZE = 100;

/** What the shared pages read, over the tournaments, leagues, participants and matches modules' public API. */
@Injectable()
export class SharedContentAdapter implements SharedContent {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly leagues: LeaguesService,
    private readonly participants: ParticipantsService,
    private readonly matches: MatchesService,
    private readonly schedule: ScheduleService,
    private readonly rated: LeagueRatedResults,
  ) {}

  tournament(accountId: string, tournamentId: string): Promise<Tournament> {
    return this.tournaments.get(accountId, tournamentId);
  }

  play(tournament: Tournament): Promise<TournamentPlay> {
    return this.matches.overview(tournament);
  }

  field(accountId: string, tournamentId: string): Promise<ParticipantFacts[]> {
    return this.participants.inSeedingOrder(accountId, tournamentId);
  }

  calendar(accountId: string, tournamentId: string, participantId?: string): Promise<string> {
    return this.schedule.calendar(accountId, tournamentId, participantId);
  }

  league(accountId: string, leagueId: string): Promise<League> {
    return this.leagues.get(accountId, leagueId);
  }

  async leagueTournaments(accountId: string, leagueId: string): Promise<Tournament[]> {
    const all: Tournament[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await this.tournaments.list(accountId, { filters: { leagueId }, sort: { field: 'created_at', direction: 'asc' }, limit: PAGE_SIZE, cursor });
      all.push(...page.items);
      if (!page.nextCursor) return all;
      cursor = page.nextCursor;
    }
  }

  async ratings(league: League): Promise<RatedPlayer[] | null> {
    if (league.rating === null) return null;
    return (await this.rated.table(league.accountId, league.id, league.rating)).rows;
  }
}
