import { InvalidError } from '../../kernel/domain-error';
import { mergeScheduleSettings, SCHEDULE_DEFAULTS } from '../../competition/schedule/schedule-settings';
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

describe('a stage’s schedule settings', () => {
  const stages = (second: Record<string, unknown> = {}) => [
    { key: 'groups', name: 'Groups', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
    { key: 'final', name: 'Final', format: 'single_elimination', ...second },
  ];
  type Stages = Parameters<typeof Tournament.create>[1]['stages'];
  const staged = (second?: Record<string, unknown>) => Tournament.create('account', { name: 'Cup', format: 'multi_stage', stages: stages(second) as unknown as Stages });

  it('keeps the keys a stage sets (null keys fall back to the tournament’s), checked like the tournament’s', () => {
    const tournament = staged({ schedule: { rest_minutes: 30, starts_at: '2026-05-02T19:00:00+02:00', windows: null } });
    expect(tournament.stages![1].schedule).toEqual({ rest_minutes: 30, starts_at: '2026-05-02T17:00:00.000Z' });
    expect(tournament.stages![0].schedule).toBeNull();
  });

  it('refuses bad values at the stage’s pointer and changes nothing', () => {
    expect(problemsOf(() => staged({ schedule: { rest_minutes: -5, windows: [{ from: '2026-05-01T23:00:00Z', to: '2026-05-01T17:00:00Z' }], tables: 3 } }))).toEqual([
      { pointer: '/stages/1/schedule/rest_minutes', detail: 'rest_minutes must be a whole number from 0 to 1440.' },
      { pointer: '/stages/1/schedule/windows/0/to', detail: 'to must be after from.' },
      { pointer: '/stages/1/schedule/tables', detail: 'schedule takes starts_at, match_minutes, rest_minutes, windows.' },
    ]);
    expect(problemsOf(() => staged({ schedule: 30 }))).toEqual([{ pointer: '/stages/1/schedule', detail: expect.stringContaining('must be an object') }]);
  });

  it('change during play, keeping what play keeps; the rest of a stage stays locked', () => {
    const tournament = staged();
    for (const status of ['registration_open', 'registration_closed', 'in_progress'] as const) tournament.update({ status });
    tournament.stages = tournament.stages!.map((stage, index) => ({ ...stage, status: index === 0 ? 'in_progress' : 'pending' }));
    expect(tournament.update({ stages: stages({ schedule: { match_minutes: 45 } }) as unknown as Stages })).toBe(true);
    expect(tournament.stages!.map((stage) => [stage.status, stage.schedule])).toEqual([
      ['in_progress', null],
      ['pending', { match_minutes: 45 }],
    ]);
    expect(tournament.update({ stages: stages({ schedule: { match_minutes: 45 } }) as unknown as Stages })).toBe(false);
    expect(() => tournament.update({ stages: stages({ name: 'The final' }) as unknown as Stages })).toThrow(/stages cannot change once/);
  });
});
