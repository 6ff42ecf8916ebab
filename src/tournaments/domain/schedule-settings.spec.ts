import { InvalidError } from '../../kernel/domain-error';
import { mergeScheduleSettings, SCHEDULE_DEFAULTS } from './schedule-settings';
import { Tournament } from './tournament';

function problemsOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldProblems;
    throw error;
  }
  throw new Error('no problem raised');
}

describe('schedule settings', () => {
  it('merges a patch key by key into the settings in force, instants in UTC, windows by start; null restores a default', () => {
    const first = mergeScheduleSettings(null, {
      match_minutes: { default: 20, rounds: { final: 40, '1': 25 } },
      windows: [
        { from: '2026-05-02T19:00:00+02:00', to: '2026-05-02T23:00:00Z' },
        { from: '2026-05-01T17:00:00Z', to: '2026-05-01T23:00:00Z' },
      ],
    });
    expect(first).toEqual({
      starts_at: null,
      match_minutes: { default: 20, rounds: { final: 40, '1': 25 } },
      rest_minutes: 10,
      windows: [
        { from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' },
        { from: '2026-05-02T17:00:00.000Z', to: '2026-05-02T23:00:00.000Z' },
      ],
    });
    expect(mergeScheduleSettings(first!, { rest_minutes: 0, windows: null })).toEqual({ ...first, rest_minutes: 0, windows: null });
    expect(mergeScheduleSettings(first!, { match_minutes: null })).toEqual({ ...first, match_minutes: SCHEDULE_DEFAULTS.match_minutes });
    expect(mergeScheduleSettings(first!, null)).toBeNull();
  });

  it('refuses a window that ends before it starts, a rest of −5, unknown rounds and keys, all at once with pointers', () => {
    expect(
      problemsOf(() =>
        mergeScheduleSettings(null, {
          rest_minutes: -5,
          windows: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T17:00:00Z' }],
          match_minutes: { default: 0, rounds: { finale: 60 } },
          slots: 3,
        }),
      ),
    ).toEqual([
      { pointer: '/schedule/rest_minutes', detail: 'rest_minutes must be a whole number from 0 to 1440.' },
      { pointer: '/schedule/windows/0/to', detail: 'to must be after from.' },
      { pointer: '/schedule/match_minutes/default', detail: 'default must be a whole number from 1 to 1440.' },
      { pointer: '/schedule/match_minutes/rounds/finale', detail: 'a round is final, semi_final, quarter_final, grand_final, third_place or a round number.' },
      { pointer: '/schedule/slots', detail: 'schedule takes starts_at, match_minutes, rest_minutes, windows.' },
    ]);
    expect(problemsOf(() => mergeScheduleSettings(null, { starts_at: 'tonight', match_minutes: 2.5 }))).toHaveLength(2);
  });

  it('stays editable once play has started, and leaves the tournament as it was when refused', () => {
    const tournament = Tournament.create('account', { name: 'Cup', format: 'single_elimination' });
    tournament.update({ status: 'registration_open' });
    tournament.update({ status: 'registration_closed' });
    tournament.update({ status: 'in_progress' });
    expect(tournament.update({ schedule: { rest_minutes: 15 } })).toBe(true);
    expect(tournament.schedule).toEqual({ ...SCHEDULE_DEFAULTS, rest_minutes: 15 });
    expect(() => tournament.update({ schedule: { rest_minutes: -5 } })).toThrow(InvalidError);
    expect(tournament.schedule).toEqual({ ...SCHEDULE_DEFAULTS, rest_minutes: 15 });
    expect(tournament.update({ schedule: { rest_minutes: 15 } })).toBe(false);
  });
});
