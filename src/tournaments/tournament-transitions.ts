import { Injectable } from '@nestjs/common';
import { Tournament } from './domain/tournament';
import { TournamentStatus } from './domain/tournament-status';

/** What a listener tells the client about a status change (a start that left out participants who did not check in). */
export interface TransitionNote {
  droppedParticipants?: { id: string; name: string }[];
}

/** Work another module does inside the transaction that changes a tournament's status; throwing refuses the change. */
export type TransitionListener = (tournament: Tournament, from: TournamentStatus) => Promise<TransitionNote | void>;

/**
 * Where other modules hook into status changes (the matches module generates matches when a tournament
 * starts, and refuses completion while matches are open) without the tournaments module knowing them.
 * Listeners run in the transaction, with the tournament's row locked, before the new status is saved.
 */
@Injectable()
export class TournamentTransitions {
  private readonly listeners: TransitionListener[] = [];

  listen(listener: TransitionListener): void {
    this.listeners.push(listener);
  }

  async entered(tournament: Tournament, from: TournamentStatus): Promise<TransitionNote> {
    const note: TransitionNote = {};
    for (const listener of this.listeners) Object.assign(note, await listener(tournament, from));
    return note;
  }
}
