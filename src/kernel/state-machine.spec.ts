import { InvalidError } from './domain-error';
import { InvalidTransitionError, lifecycle } from './state-machine';

type Status = 'draft' | 'open' | 'running' | 'done' | 'dropped';

const DOOR = lifecycle<Status>({
  noun: 'door',
  transitions: { draft: ['open', 'dropped'], open: ['draft', 'running'], running: ['done'], done: [], dropped: [] },
  initialStatuses: ['draft', 'open'],
  refusal: (from, to, allowed) => new InvalidTransitionError(`A ${from} door`, from, to, allowed),
});

describe('a resource lifecycle', () => {
  it('starts a new resource as draft unless it asks for another initial status', () => {
    expect(DOOR.checkInitial(undefined)).toBe('draft');
    expect(DOOR.checkInitial('open')).toBe('open');
    expect(() => DOOR.checkInitial('running')).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/status', detail: 'a new door starts as draft or open.' }] }),
    );
    expect(() => DOOR.checkInitial('running')).toThrow(InvalidError);
  });

  it('refuses a move its table does not list, naming where it could go, and lets a status stay as it is', () => {
    expect(() => DOOR.checkMove('open', 'running')).not.toThrow();
    expect(() => DOOR.checkMove('done', 'done')).not.toThrow();
    expect(() => DOOR.checkMove('draft', 'done')).toThrow(
      expect.objectContaining({
        code: 'invalid_state_transition',
        message: 'A draft door cannot move to done. Allowed: open, dropped.',
        extensions: { current_status: 'draft', requested_status: 'done', allowed_transitions: ['open', 'dropped'] },
      }),
    );
    expect(() => DOOR.checkMove('done', 'open')).toThrow(expect.objectContaining({ message: 'A done door cannot change status; it is final.' }));
  });

  it.each([
    ['draft', []],
    ['open', ['open']],
    ['running', ['open', 'running']],
    ['done', ['open', 'running', 'done']],
    ['dropped', ['dropped']],
  ] as const)('reaches %s from draft in the fewest moves: %j', (status, path) => {
    expect(DOOR.pathBetween('draft', status)).toEqual(path);
  });

  it('says so when no moves lead to a status', () => {
    expect(() => DOOR.pathBetween('done', 'draft')).toThrow('No transitions lead from done to draft');
  });
});
