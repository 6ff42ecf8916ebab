import { Injectable } from '@nestjs/common';
import { Tournament } from './domain/tournament';
import { TournamentStatus } from './domain/tournament-status';

/** Work another module does inside the transaction that changes a tournament's status; throwing refuses the change. */
export type TransitionListener = (tournament: Tournament, from: TournamentStatus) => Promise<void>;

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

  async entered(tournament: Tournament, from: TournamentStatus): Promise<void> {
    for (const listener of this.listeners) await listener(tournament, from);
  }
}
