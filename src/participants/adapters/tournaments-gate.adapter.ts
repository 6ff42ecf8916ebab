import { Injectable } from '@nestjs/common';
import { manualGroupLabels } from '../../competition';
import { locksSetup, participantCapOf, Tournament, TournamentsService } from '../../tournaments';
import { Registration } from '../domain/registration';
import { TournamentGate } from '../tournament-gate';

/** The tournament gate over the tournaments module's public API: a locked tournament, read as registration terms. */
@Injectable()
export class TournamentsGateAdapter implements TournamentGate {
  constructor(private readonly tournaments: TournamentsService) {}

  get(accountId: string, tournamentId: string): Promise<Tournament> {
    return this.tournaments.get(accountId, tournamentId);
  }

  async lockForRegistration(accountId: string, tournamentId: string): Promise<Registration> {
    return registrationTerms(await this.tournaments.getLocked(accountId, tournamentId));
  }
}

/** In progress or over, the field is fixed; the cap is the tournament's own or its format's limit, whichever is lower. */
function registrationTerms(tournament: Tournament): Registration {
  return {
    status: tournament.status,
    setupLocked: locksSetup(tournament.status),
    maxParticipants: participantCapOf(tournament),
    checkInOpensAt: tournament.checkInOpensAt,
    checkInClosesAt: tournament.checkInClosesAt,
    manualGroups: manualGroupLabels(tournament.stages),
  };
}
