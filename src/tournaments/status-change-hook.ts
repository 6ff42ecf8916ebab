import { Injectable } from '@nestjs/common';
import { Tournament } from './domain/tournament';
import { TournamentStatus } from './domain/tournament-status';
import type { SlotCheck } from '../competition';

/** What the rules tell the client about a status change (a start that left out participants who did not check in). */
export interface TransitionNote {
  droppedParticipants?: { id: string; name: string }[];
}

/**
 * Another module's rules for a status change (play generates matches when a tournament starts, and refuses
 * completion while matches are open). They run in the transaction, with the tournament's row locked, before the
 * new status is saved; throwing refuses the change.
 */
export interface StatusChangeRules {
  onStatusChange(tournament: Tournament, from: TournamentStatus): Promise<TransitionNote | void>;
  /** A later stage's slot map against the stage before it (issue 40): play's placement rules. */
  slotProblems?: SlotCheck;
}

/**
 * The tournaments module's port for those rules. The module that provides them depends on this one, so they
 * cannot be injected here: the module that provides them binds them once, at start (src/matches/play-wiring.module.ts). Unbound, a status
 * change runs no other module's rules (the tournaments module's own specs).
 */
@Injectable()
export class StatusChangeHook {
  private rules?: StatusChangeRules;

  bind(rules: StatusChangeRules): void {
    if (this.rules) throw new Error('The status-change rules are already bound');
    this.rules = rules;
  }

  /** Checks a slot map by play's rules (unbound: none found, the tournaments module's own specs). */
  readonly slotCheck: SlotCheck = (slots, previous) => this.rules?.slotProblems?.(slots, previous) ?? [];

  async entered(tournament: Tournament, from: TournamentStatus): Promise<TransitionNote> {
    return (await this.rules?.onStatusChange(tournament, from)) ?? {};
  }
}
