import { checkCanWithdraw, checkRoomFor, Registration } from './registration';

describe('registration rules', () => {
  const open = (maxParticipants: number | null): Registration => ({ setupLocked: false, maxParticipants });

  it.each([
    // registration, registered, adding, refused with
    [open(null), 500, 256, null],
    [open(4), 3, 1, null],
    [open(4), 4, 1, 'tournament_full'],
    [open(4), 1, 4, 'tournament_full'],
    [open(4), 0, 4, null],
    [{ setupLocked: true, maxParticipants: null }, 0, 1, 'participants_locked'],
    [{ setupLocked: true, maxParticipants: 2 }, 2, 1, 'participants_locked'],
  ])('%o with %i registered, adding %i: %s', (registration, registered, adding, refusal) => {
    const attempt = () => checkRoomFor(registration, registered, adding);
    if (refusal === null) expect(attempt).not.toThrow();
    else expect(attempt).toThrow(expect.objectContaining({ code: refusal }));
  });

  it('lets participants withdraw only before the start', () => {
    expect(() => checkCanWithdraw(open(null))).not.toThrow();
    expect(() => checkCanWithdraw({ setupLocked: true, maxParticipants: null })).toThrow(expect.objectContaining({ code: 'participants_locked' }));
  });
});
