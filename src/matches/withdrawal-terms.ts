import type { Participant } from '../participants';
import type { Tournament } from '../tournaments';
import { NotEnoughCheckedInError } from '../competition';
import { Withdrawals, WithdrawalTerms } from '../competition';

/** The withdrawals the format rules apply, from the participants who left. */
export function withdrawalTermsOf(withdrawn: Participant[]): Withdrawals {
  return new Map(
    withdrawn.flatMap((participant): [string, WithdrawalTerms][] =>
      participant.withdrawal === null
        ? []
        : [
            [
              participant.id,
              {
                reason: participant.withdrawal.reason,
                voidResults: participant.withdrawal.voidResults,
                forfeitScore: participant.withdrawal.forfeitScore,
                afterMatchNumber: participant.withdrawal.afterMatchNumber,
              },
            ],
          ],
    ),
  );
}

/** The field a tournament starts with: with check-in required, only those who checked in (409 if fewer than 2). */
export function fieldAfterCheckIn<P extends Pick<Participant, 'checkedInAt'>>(tournament: Tournament, registered: P[]): { field: P[]; dropped: P[] } {
  if (!tournament.checkInRequired) return { field: registered, dropped: [] };
  const field = registered.filter((participant) => participant.checkedInAt !== null);
  if (field.length < 2) throw new NotEnoughCheckedInError(field.length, registered.length);
  return { field, dropped: registered.filter((participant) => participant.checkedInAt === null) };
}
