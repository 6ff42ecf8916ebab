import { AlreadyWithdrawnError, CheckInClosedError, NotWithdrawnError } from './participant-errors';
import type { Participant } from './participant';

export const PARTICIPANT_STATUSES = ['active', 'withdrawn', 'disqualified'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];
export type WithdrawalReason = Exclude<ParticipantStatus, 'active'>;

/** How a participant left a running tournament, kept so that the matches module can apply it (and take it back). */
export interface Withdrawal {
  reason: WithdrawalReason;
  note: string | null;
  /** Round robin disqualification: every match of theirs counts for nobody. */
  voidResults: boolean;
  /** The score a forfeit records (round robin and swiss), winner's first; null = no score. */
  forfeitScore: [number, number] | null;
  /** The highest match number when they left (swiss rounds paired after it were paired without them). */
  afterMatchNumber: number;
  at: Date;
}

export function withdraw(participant: Participant, withdrawal: Withdrawal): void {
  if (participant.status !== 'active') throw new AlreadyWithdrawnError(participant.status);
  Object.assign(participant, { status: withdrawal.reason, withdrawal, updatedAt: withdrawal.at });
}

export function reinstate(participant: Participant, now: Date): void {
  if (participant.status === 'active') throw new NotWithdrawnError();
  Object.assign(participant, { status: 'active', withdrawal: null, updatedAt: now });
}

/** When check-in is open: before the start, inside the window the tournament sets (either end may be open). */
export interface CheckInWindow {
  started: boolean;
  opensAt: Date | null;
  closesAt: Date | null;
}

function checkWindow(window: CheckInWindow, now: Date): void {
  if (window.started) throw new CheckInClosedError('The tournament has started: check-in is over.', window);
  if (window.opensAt && now < window.opensAt) throw new CheckInClosedError(`Check-in opens at ${window.opensAt.toISOString()}.`, window);
  if (window.closesAt && now > window.closesAt) throw new CheckInClosedError(`Check-in closed at ${window.closesAt.toISOString()}.`, window);
}

/** Returns whether anything changed: checking in twice keeps the first time. */
export function checkIn(participant: Participant, window: CheckInWindow, now: Date): boolean {
  checkWindow(window, now);
  if (participant.checkedInAt !== null) return false;
  Object.assign(participant, { checkedInAt: now, updatedAt: now });
  return true;
}

export function checkOut(participant: Participant, window: CheckInWindow, now: Date): boolean {
  checkWindow(window, now);
  if (participant.checkedInAt === null) return false;
  Object.assign(participant, { checkedInAt: null, updatedAt: now });
  return true;
}
