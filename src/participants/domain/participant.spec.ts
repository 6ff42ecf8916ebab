import { InvalidError } from '../../kernel/domain-error';
import { aParticipant } from '../testing/a-participant';
import { newParticipants, Participant } from './participant';
import { ParticipantFieldLockedError } from './participant-errors';

describe('Participant', () => {
  it('starts unseeded, without an external id or a final rank, at version 1', () => {
    expect(Participant.create('account', 'tournament', { name: 'Ada' })).toMatchObject({
      seed: null,
      externalId: null,
      metadata: {},
      finalRank: null,
      version: 1,
    });
  });

  it.each([
    [{ name: '' }, '/name'],
    [{ name: 'x'.repeat(101) }, '/name'],
    [{ name: 'A', seed: 0 }, '/seed'],
    [{ name: 'A', seed: 1025 }, '/seed'],
    [{ name: 'A', seed: 2.5 }, '/seed'],
    [{ name: 'A', externalId: '' }, '/external_id'],
    [{ name: 'A', externalId: 'x'.repeat(101) }, '/external_id'],
  ])('refuses %o on %s', (fields, pointer) => {
    expect(() => Participant.create('a', 't', fields)).toThrow(expect.objectContaining({ fieldProblems: [expect.objectContaining({ pointer })] }));
  });

  it('keys its name for uniqueness, and keys it again only when the name changes', () => {
    const participant = aParticipant({ name: 'Straße' });
    expect(participant.nameKey).toBe('strasse');
    // A key kept apart by the migration (two old names that clash under the new rule) survives other changes.
    participant.nameKey = 'strasse\u200bkept-apart';
    participant.update({ metadata: { club: 'x' } }, false);
    expect(participant.nameKey).toBe('strasse\u200bkept-apart');
    participant.update({ name: 'ＳＴＲＡＳＳＥ' }, false);
    expect(participant.nameKey).toBe('strasse');
  });

  it('refuses a name of invisible characters only', () => {
    expect(() => Participant.create('a', 't', { name: '\u200b\u2060' })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/name', detail: 'must hold at least one visible character.' }] }),
    );
  });

  it('applies a merge patch: null clears seed and external_id, metadata merges; a no-op changes nothing', () => {
    const participant = aParticipant({ name: 'Ada', seed: 2, externalId: 'p-1', metadata: { a: '1', b: '2' } });
    const updatedAt = participant.updatedAt;
    expect(participant.update({ name: 'Ada', seed: 2 }, false, new Date(updatedAt.getTime() + 1000))).toBe(false);
    expect(participant.updatedAt).toBe(updatedAt);
    expect(participant.update({ seed: null, externalId: null, metadata: { a: null, c: '3' } }, false)).toBe(true);
    expect(participant).toMatchObject({ seed: null, externalId: null, metadata: { b: '2', c: '3' } });
  });

  describe('once the tournament has started', () => {
    it('refuses a new seed or external id, naming both wire fields, and changes nothing', () => {
      const participant = aParticipant({ name: 'Ada', seed: 1, externalId: 'p-1' });
      expect(() => participant.update({ name: 'Renamed', seed: 2, externalId: 'p-2' }, true)).toThrow(
        expect.objectContaining({ code: 'field_locked', extensions: { locked_fields: ['seed', 'external_id'] } }),
      );
      expect(participant).toMatchObject({ name: 'Ada', seed: 1, externalId: 'p-1' });
    });

    it('still changes name and metadata, and accepts a locked field sent with its current value', () => {
      const participant = aParticipant({ seed: 1 });
      expect(participant.update({ name: 'Renamed', metadata: { club: 'Rooks' }, seed: 1 }, true)).toBe(true);
      expect(() => participant.update({ seed: null }, true)).toThrow(ParticipantFieldLockedError);
    });
  });
});

describe('newParticipants (bulk import)', () => {
  it('creates them in batch order with one timestamp', () => {
    const now = new Date('2026-05-01T10:00:00.000Z');
    const batch = newParticipants('a', 't', [{ name: 'Ada' }, { name: 'Bob', seed: 1 }], now);
    expect(batch.map((p) => [p.name, p.createdAt])).toEqual([
      ['Ada', now],
      ['Bob', now],
    ]);
  });

  it('points at the later item of every repeat (name ignoring case, seed, external id) and at every bad item, in one error', () => {
    const attempt = () =>
      newParticipants('a', 't', [
        { name: 'Ada', seed: 1, externalId: 'p-1' },
        { name: 'ADA', seed: 1, externalId: 'p-1' },
        { name: 'Cy', seed: 5000 },
        { name: 'Di', externalId: 'p-2' },
        { name: 'Ed', externalId: 'p-2' },
      ]);
    expect(attempt).toThrow(InvalidError);
    try {
      attempt();
    } catch (error) {
      expect((error as InvalidError).fieldProblems.map((problem) => problem.pointer)).toEqual([
        '/participants/1/name',
        '/participants/1/seed',
        '/participants/1/external_id',
        '/participants/2/seed',
        '/participants/4/external_id',
      ]);
    }
  });

  it('lets any number of items be unseeded and without an external id', () => {
    expect(newParticipants('a', 't', [{ name: 'A' }, { name: 'B', seed: null }, { name: 'C', externalId: null }])).toHaveLength(3);
  });
});
