import { Injectable } from '@nestjs/common';
import { Entrant, FieldEntry, Participant, ParticipantsService } from '../../participants';
import { ExpectedVersion } from '../../platform/concurrency/fresh-version';
import { FieldOfPlay } from '../play-ports';

/** What play needs of a tournament's field, over the participants module's public API. */
@Injectable()
export class FieldOfPlayAdapter implements FieldOfPlay {
  constructor(private readonly participants: ParticipantsService) {}

  inSeedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]> {
    return this.participants.inSeedingOrder(accountId, tournamentId);
  }

  entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Map<string, Entrant>> {
    return this.participants.entrants(accountId, tournamentId, ids);
  }

  recordFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void> {
    return this.participants.recordFinalRanks(accountId, tournamentId, ranks);
  }

  removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void> {
    return this.participants.removeNotCheckedIn(accountId, tournamentId);
  }

  withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]> {
    return this.participants.withdrawnIn(accountId, tournamentId);
  }

  findInPlay(accountId: string, tournamentId: string, id: string): Promise<Participant> {
    return this.participants.findInPlay(accountId, tournamentId, id);
  }

  saveInPlay(participant: Participant): Promise<void> {
    return this.participants.saveInPlay(participant);
  }

  delete(accountId: string, tournamentId: string, id: string, expected: ExpectedVersion<Participant>): Promise<void> {
    return this.participants.delete(accountId, tournamentId, id, expected);
  }
}
