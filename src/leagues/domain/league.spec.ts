import { InvalidError } from '../../kernel/domain-error';
import { aLeague } from '../testing/a-league';
import { League } from './league';

describe('League', () => {
  it('starts as a draft in UTC, without dates, metadata or tournaments, unless told otherwise', () => {
    const now = new Date('2026-02-10T08:00:00.000Z');
    const league = League.create('account', { name: 'City League' }, now);
    expect(league).toMatchObject({
      accountId: 'account',
      name: 'City League',
      description: null,
      game: null,
      season: null,
      status: 'draft',
      timezone: 'UTC',
      startsOn: null,
      endsOn: null,
      metadata: {},
      tournamentCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
  });

  it('may start active, but neither completed nor archived', () => {
    expect(League.create('a', { name: 'L', status: 'active' }).status).toBe('active');
    for (const status of ['completed', 'archived'] as const) {
      expect(() => League.create('a', { name: 'L', status })).toThrow(
        expect.objectContaining({ fieldProblems: [{ pointer: '/status', detail: expect.any(String) }] }),
      );
    }
  });

  it('applies a merge patch: absent unchanged, null cleared, metadata merged key by key', () => {
    const league = aLeague({ description: 'old', game: 'Chess', season: '2026 Spring', metadata: { a: '1', b: '2' } });
    const later = new Date(league.updatedAt.getTime() + 1000);
    expect(league.update({ description: null, season: '2026 Fall', metadata: { a: null, c: '3' } }, later)).toBe(true);
    expect(league).toMatchObject({ description: null, game: 'Chess', season: '2026 Fall', metadata: { b: '2', c: '3' }, updatedAt: later });
    league.update({ metadata: null });
    expect(league.metadata).toEqual({});
  });

  it('reports no change, and keeps updated_at, for a patch that changes nothing', () => {
    const league = aLeague({ name: 'L', startsOn: '2026-03-01', metadata: { a: '1' } });
    const updatedAt = league.updatedAt;
    expect(league.update({ name: 'L', startsOn: '2026-03-01', metadata: { a: '1' } }, new Date(updatedAt.getTime() + 1000))).toBe(false);
    expect(league.updatedAt).toBe(updatedAt);
  });

  describe('calendar dates', () => {
    it('accepts ends_on equal to or after starts_on', () => {
      expect(aLeague({ startsOn: '2026-03-01', endsOn: '2026-03-01' }).endsOn).toBe('2026-03-01');
      expect(aLeague({ startsOn: '2026-03-01', endsOn: '2027-01-01' }).endsOn).toBe('2027-01-01');
    });

    it('refuses ends_on before starts_on, on create and against the stored value on update', () => {
      const endsTooEarly = expect.objectContaining({ fieldProblems: [{ pointer: '/ends_on', detail: 'must not be before starts_on.' }] });
      expect(() => League.create('a', { name: 'L', startsOn: '2026-03-02', endsOn: '2026-03-01' })).toThrow(endsTooEarly);
      const league = aLeague({ startsOn: '2026-03-02' });
      expect(() => league.update({ endsOn: '2026-02-28' })).toThrow(endsTooEarly);
      expect(league.endsOn).toBeNull();
      const ended = aLeague({ endsOn: '2026-06-30' });
      expect(() => ended.update({ startsOn: '2026-07-01' })).toThrow(endsTooEarly);
    });

    it('allows moving both dates in one patch, and clearing one', () => {
      const league = aLeague({ startsOn: '2026-03-01', endsOn: '2026-03-31' });
      league.update({ startsOn: '2026-09-01', endsOn: '2026-09-30' });
      expect(league).toMatchObject({ startsOn: '2026-09-01', endsOn: '2026-09-30' });
      league.update({ startsOn: null, endsOn: '2026-01-01' });
      expect(league).toMatchObject({ startsOn: null, endsOn: '2026-01-01' });
    });

    it('refuses dates that are not real days PostgreSQL can store', () => {
      expect(() => League.create('a', { name: 'L', startsOn: '2026-02-30', endsOn: '0000-01-01' })).toThrow(
        expect.objectContaining({
          fieldProblems: [
            { pointer: '/starts_on', detail: expect.any(String) },
            { pointer: '/ends_on', detail: expect.any(String) },
          ],
        }),
      );
    });
  });

  it('caps metadata at 20 keys after merging', () => {
    const league = aLeague({ metadata: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'])) });
    expect(() => league.update({ metadata: { one_more: 'v' } })).toThrow(InvalidError);
    expect(league.update({ metadata: { k0: null, one_more: 'v' } })).toBe(true);
  });

  it('changes no field in any status except by the state machine: completed and archived leagues stay editable', () => {
    for (const status of ['completed', 'archived'] as const) {
      const league = aLeague({ status });
      expect(league.update({ name: 'Renamed', season: '2027', startsOn: '2026-01-01', timezone: 'Europe/Paris' })).toBe(true);
    }
  });

  it('changes nothing when a patch fails', () => {
    const league = aLeague({ status: 'active', name: 'L' });
    expect(() => league.update({ name: 'New', status: 'draft' })).toThrow();
    expect(league).toMatchObject({ name: 'L', status: 'active' });
  });
});
