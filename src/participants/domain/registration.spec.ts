import { InvalidError } from '../../kernel/domain-error';
import { checkCanWithdraw, checkGroups, checkRoomFor, Registration } from './registration';
import { Participant } from './participant';

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

  describe('hand-set groups', () => {
    const draft = (manualGroups: string[] | null): Registration => ({ status: 'draft', setupLocked: false, maxParticipants: null, manualGroups });
    const problemsOf = (attempt: () => void) => {
      try {
        attempt();
      } catch (error) {
        return error instanceof InvalidError ? error.fieldProblems.map((problem) => problem.pointer) : (error as { code: string }).code;
      }
      return null;
    };

    it('takes a label of the first stage, or null, only in a draft', () => {
      expect(problemsOf(() => checkGroups(draft(['A', 'B']), [{ group: 'B', pointer: '/group' }, { group: null, pointer: '/participants/1/group' }]))).toBeNull();
      expect(problemsOf(() => checkGroups({ ...draft(['A', 'B']), status: 'registration_open' }, [{ group: 'A', pointer: '/group' }]))).toBe('field_locked');
      expect(problemsOf(() => checkGroups({ ...draft(['A']), status: 'registration_open' }, []))).toBeNull();
    });

    it('points at every label the stage does not have, and at any label where there are no hand-set groups', () => {
      const changes = [{ group: 'A', pointer: '/participants/0/group' }, { group: 'C', pointer: '/participants/1/group' }, { group: 'AA', pointer: '/participants/2/group' }];
      expect(problemsOf(() => checkGroups(draft(['A', 'B']), changes))).toEqual(['/participants/1/group', '/participants/2/group']);
      expect(problemsOf(() => checkGroups(draft(null), changes))).toEqual(changes.map((change) => change.pointer));
    });

    it('keeps a participant group to one or two capital letters', () => {
      expect(Participant.create('account', 'tournament', { name: 'Ada', group: 'AB' }).group).toBe('AB');
      for (const group of ['a', 'ABC', '', 'A1']) expect(() => Participant.create('account', 'tournament', { name: 'Ada', group })).toThrow(InvalidError);
    });
  });
});
