import { InvalidError } from '../../shared/domain-error';
import { aTournament } from '../testing/a-tournament';
import { Tournament } from './tournament';
import { TournamentFieldLockedError } from './tournament-errors';

describe('Tournament', () => {
  const start = new Date('2026-05-01T18:00:00.000Z');

  it('starts as a draft in UTC with no cap unless told otherwise', () => {
    const tournament = Tournament.create('account', { name: 'Cup', format: 'swiss' });
    expect(tournament).toMatchObject({ status: 'draft', timezone: 'UTC', participantType: 'single', maxParticipants: null, metadata: {} });
  });

  it('may start with registration open, but in no later state', () => {
    expect(Tournament.create('a', { name: 'Cup', format: 'swiss', status: 'registration_open' }).status).toBe('registration_open');
    expect(() => Tournament.create('a', { name: 'Cup', format: 'swiss', status: 'in_progress' })).toThrow(InvalidError);
  });

  it('records when play started and ended', () => {
    const tournament = aTournament();
    tournament.update({ status: 'in_progress' }, start);
    expect(tournament.startedAt).toEqual(start);
    const end = new Date('2026-05-02T18:00:00.000Z');
    tournament.update({ status: 'completed' }, end);
    expect(tournament.completedAt).toEqual(end);
  });

  it('applies a merge patch: absent unchanged, null cleared, metadata merged key by key', () => {
    const tournament = aTournament({ description: 'old', game: 'chess', metadata: { a: '1', b: '2' } });
    const changed = tournament.update({ description: null, metadata: { a: null, c: '3' } });
    expect(changed).toBe(true);
    expect(tournament).toMatchObject({ description: null, game: 'chess', metadata: { b: '2', c: '3' } });
    tournament.update({ metadata: null });
    expect(tournament.metadata).toEqual({});
  });

  it('reports no change (and keeps updated_at) for a patch that changes nothing', () => {
    const tournament = aTournament({ name: 'Cup', metadata: { a: '1' } });
    const updatedAt = tournament.updatedAt;
    expect(tournament.update({ name: 'Cup', metadata: { a: '1' } }, new Date(updatedAt.getTime() + 1000))).toBe(false);
    expect(tournament.updatedAt).toBe(updatedAt);
  });

  it('keeps ends_at at or after starts_at, including against the stored value', () => {
    const tournament = aTournament({ startsAt: start });
    expect(() => tournament.update({ endsAt: new Date(start.getTime() - 1) })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/ends_at', detail: expect.any(String) }] }),
    );
    expect(tournament.endsAt).toBeNull();
  });

  it('refuses more swiss rounds than a capped field has opponents, whichever of the two changes', () => {
    expect(() => Tournament.create('acc', { name: 'Swiss', format: 'swiss', maxParticipants: 4, rounds: 4 })).toThrow(InvalidError);
    const swiss = Tournament.create('acc', { name: 'Swiss', format: 'swiss', maxParticipants: 4, rounds: 3 });
    expect(() => swiss.update({ maxParticipants: 3 })).toThrow(InvalidError);
    expect(swiss.update({ maxParticipants: null, rounds: 9 })).toBe(true);
  });

  it('caps metadata at 20 keys after merging', () => {
    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']));
    const tournament = aTournament({ metadata });
    expect(() => tournament.update({ metadata: { one_more: 'v' } })).toThrow(InvalidError);
  });

  describe('from in_progress on', () => {
    it.each(['in_progress', 'completed', 'cancelled'] as const)('%s: locks the setup but not name, description, metadata', (status) => {
      const tournament = aTournament({ status });
      expect(() => tournament.update({ format: 'swiss', maxParticipants: 8 })).toThrow(
        expect.objectContaining({ code: 'field_locked', extensions: { locked_fields: ['format', 'max_participants'] } }),
      );
      expect(tournament.update({ name: 'Renamed', description: 'd', metadata: { k: 'v' } })).toBe(true);
    });

    it('accepts a locked field sent with its current value', () => {
      const tournament = aTournament({ status: 'in_progress', format: 'swiss' });
      expect(() => tournament.update({ format: 'swiss', name: 'Renamed' })).not.toThrow();
    });

    it('judges locks by the current status, even in a patch that also cancels', () => {
      const tournament = aTournament({ status: 'in_progress' });
      expect(() => tournament.update({ status: 'cancelled', game: 'go' })).toThrow(TournamentFieldLockedError);
    });
  });

  it('changes nothing when a patch fails', () => {
    const tournament = aTournament({ status: 'registration_open', name: 'Cup' });
    expect(() => tournament.update({ name: 'New', status: 'completed' })).toThrow();
    expect(tournament).toMatchObject({ name: 'Cup', status: 'registration_open' });
  });
});
