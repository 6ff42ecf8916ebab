import { Injectable } from '@nestjs/common';
import { StageSettings } from '../../competition';
import { Tournament, TournamentsService } from '../../tournaments';
import type { FinalRank } from '../../tournaments';
import { TournamentsInPlay } from '../play-ports';

/** What play needs of a tournament, over the tournaments module's public API. */
@Injectable()
export class TournamentsInPlayAdapter implements TournamentsInPlay {
  constructor(private readonly tournaments: TournamentsService) {}

  get(accountId: string, tournamentId: string): Promise<Tournament> {
    return this.tournaments.get(accountId, tournamentId);
  }

  lockForPlay(accountId: string, tournamentId: string): Promise<Tournament> {
    return this.tournaments.getLocked(accountId, tournamentId);
  }

  completeByPlay(tournament: Tournament, finalRanks: FinalRank[]): Promise<void> {
    return this.tournaments.completeWithFinalRanks(tournament, finalRanks);
  }

  checkReopenable(tournament: Tournament): Promise<void> {
    return this.tournaments.checkReopenable(tournament);
  }

  reopenByPlay(tournament: Tournament): Promise<void> {
    return this.tournaments.reopen(tournament);
  }

  recordStagesByPlay(tournament: Tournament, stages: StageSettings[]): Promise<void> {
    return this.tournaments.recordStages(tournament, stages);
  }
}
