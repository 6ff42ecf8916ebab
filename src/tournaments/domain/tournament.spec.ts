import { InvalidError } from '../../kernel/domain-error';
import { aTournament } from '../testing/a-tournament';
import { FORMAT_PARTICIPANT_LIMITS, participantCapOf, Tournament } from './tournament';
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

  describe('participant limits per format', () => {
    const problemOf = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return (error as InvalidError).fieldProblems;
      }
      throw new Error('expected a refusal');
    };

    it('refuses a cap above the format limit at creation, naming the limit', () => {
      expect(problemOf(() => Tournament.create('a', { name: 'Cup', format: 'round_robin', maxParticipants: 257 }))).toEqual([
        { pointer: '/max_participants', detail: 'a round_robin tournament takes at most 256 participants.' },
      ]);
      expect(Tournament.create('a', { name: 'Cup', format: 'double_elimination', maxParticipants: 8192 }).maxParticipants).toBe(8192);
    });

    it('refuses a format change that the cap or the registered field does not fit', () => {
      expect(problemOf(() => aTournament({ format: 'swiss', maxParticipants: 2000 }).update({ format: 'free_for_all' }))).toEqual([
        { pointer: '/max_participants', detail: 'a free_for_all tournament takes at most 1024 participants.' },
      ]);
      const crowded = Object.assign(aTournament({ format: 'swiss' }), { participantCount: 300 });
      expect(problemOf(() => crowded.update({ format: 'round_robin' }))[0]).toMatchObject({ pointer: '/format', detail: expect.stringContaining('this one has 300') });
      expect(crowded.format).toBe('swiss');
    });

    it('refuses to start a field larger than its format allows (registered before the limits)', () => {
      const legacy = Object.assign(aTournament({ format: 'round_robin', status: 'registration_closed' }), { participantCount: 512 });
      expect(problemOf(() => legacy.update({ status: 'in_progress' }))[0].pointer).toBe('/status');
      expect(legacy.update({ name: 'Renamed' })).toBe(true);
    });

    it('caps registration at the lower of the tournament cap and the format limit', () => {
      expect(participantCapOf({ format: 'round_robin', legs: null, maxParticipants: null })).toBe(FORMAT_PARTICIPANT_LIMITS.round_robin);
      expect(participantCapOf({ format: 'single_elimination', legs: null, maxParticipants: 64 })).toBe(64);
    });
  });
});
