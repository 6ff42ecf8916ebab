import { aParticipant } from '../testing/a-participant';
import { locateClashes } from './clashes';
import { ParticipantNameTakenError, SeedTakenError } from './participant-errors';

describe('locateClashes', () => {
  const registered = [aParticipant({ name: 'Ada', seed: 1 }), aParticipant({ name: 'Grace', externalId: 'p-7' })];
  const bulk = (index: number) => `/participants/${index}`;

  it('points at every new item whose name (ignoring case), seed or external id is registered already, keeping the error kind', () => {
    const incoming = [aParticipant({ name: 'Zed' }), aParticipant({ name: 'ADA' }), aParticipant({ name: 'Yan', seed: 1, externalId: 'p-7' })];
    const located = locateClashes(new SeedTakenError(), registered, incoming, bulk);
    expect(located).toBeInstanceOf(SeedTakenError);
    expect(located.extensions.errors).toEqual([
      { pointer: '/participants/1/name', detail: '"Ada" is already registered (names are compared ignoring case, look-alike and invisible characters).' },
      { pointer: '/participants/2/seed', detail: 'seed 1 is already taken.' },
      { pointer: '/participants/2/external_id', detail: 'this external_id is already registered.' },
    ]);
  });

  it('keeps the plain error when nothing registered clashes any more (they changed since)', () => {
    const error = new ParticipantNameTakenError();
    expect(locateClashes(error, registered, [aParticipant({ name: 'Zed' })], () => '')).toBe(error);
    expect(error.extensions).toEqual({});
  });
});
