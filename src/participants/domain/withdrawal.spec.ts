import { aParticipant } from '../testing/a-participant';
import { checkIn, checkOut, reinstate, withdraw, Withdrawal } from './withdrawal';

const at = new Date('2026-05-01T18:30:00.000Z');
const leaving: Withdrawal = { reason: 'withdrawn', note: null, voidResults: false, forfeitScore: null, afterMatchNumber: 4, at };

describe('a participant leaving and coming back', () => {
  it('withdraws once: a second withdrawal is 409 participant_withdrawn and changes nothing', () => {
    const participant = aParticipant();
    withdraw(participant, leaving);
    expect(participant).toMatchObject({ status: 'withdrawn', withdrawal: leaving, updatedAt: at });
    expect(() => withdraw(participant, { ...leaving, reason: 'disqualified' })).toThrow(expect.objectContaining({ code: 'participant_withdrawn' }));
    expect(participant.status).toBe('withdrawn');
  });

  it('is reinstated only after leaving (409 participant_not_withdrawn otherwise)', () => {
    const participant = aParticipant();
    expect(() => reinstate(participant, at)).toThrow(expect.objectContaining({ code: 'participant_not_withdrawn' }));
    withdraw(participant, { ...leaving, reason: 'disqualified' });
    reinstate(participant, at);
    expect(participant).toMatchObject({ status: 'active', withdrawal: null });
  });
});

describe('check-in', () => {
  const window = { started: false, opensAt: new Date('2026-05-01T17:00:00.000Z'), closesAt: new Date('2026-05-01T17:55:00.000Z') };

  it.each([
    ['before the window opens', new Date('2026-05-01T16:59:59.999Z'), window],
    ['after it closes', new Date('2026-05-01T17:55:00.001Z'), window],
    ['once the tournament has started', new Date('2026-05-01T17:30:00.000Z'), { ...window, started: true }],
  ])('is refused %s (409 check_in_closed)', (_, now, when) => {
    const participant = aParticipant();
    expect(() => checkIn(participant, when, now)).toThrow(expect.objectContaining({ code: 'check_in_closed' }));
    expect(() => checkOut(participant, when, now)).toThrow(expect.objectContaining({ code: 'check_in_closed' }));
    expect(participant.checkedInAt).toBeNull();
  });

  it('keeps the first check-in time, and check-out clears it; an open window has no ends', () => {
    const participant = aParticipant();
    const first = new Date('2026-05-01T17:10:00.000Z');
    expect(checkIn(participant, window, first)).toBe(true);
    expect(checkIn(participant, window, new Date('2026-05-01T17:20:00.000Z'))).toBe(false);
    expect(participant.checkedInAt).toEqual(first);
    expect(checkOut(participant, { started: false, opensAt: null, closesAt: null }, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(participant.checkedInAt).toBeNull();
  });
});
