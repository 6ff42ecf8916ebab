import { Injectable } from '@nestjs/common';
import { League, LeaguesService } from '../../leagues';
import { Tournament, TournamentsService } from '../../tournaments';
import { ShareLinkRotation } from '../viewing-ports';

/** Share-link rotation over the tournaments and leagues modules' public API (no If-Match: the route takes none). */
@Injectable()
export class ShareLinksAdapter implements ShareLinkRotation {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly leagues: LeaguesService,
  ) {}

  rotateTournament(accountId: string, tournamentId: string): Promise<Tournament> {
    return this.tournaments.rotateShareId(accountId, tournamentId, undefined);
  }

  rotateLeague(accountId: string, leagueId: string): Promise<League> {
    return this.leagues.rotateShareId(accountId, leagueId, undefined);
  }
}
