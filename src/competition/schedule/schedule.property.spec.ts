import fc from 'fast-check';
import { findConflicts, Timed } from './conflicts';
import { Span } from './intervals';
import { planSchedule, ScheduleInput, ScheduleMatch } from './schedule';
import { MINUTE, ScheduleFamily, scheduleTournament, someStations } from '../testing/schedule-tournaments';

/**
 * Every plan of random tournaments and settings keeps every hard rule: no station hosts two matches at once or
 * outside its time and the windows, no participant plays two matches closer than the rest, no match starts before
 * the end of a match that feeds it plus the rest, fixed matches stay, nothing starts before `from`; the lower bound
 * is never above the plan's end.
 */
const start = Date.UTC(2026, 4, 1, 17);
const families: ScheduleFamily[] = ['single_elimination', 'double_elimination', 'round_robin', 'round_robin_two_legs', 'swiss'];

const spanList = (count: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: 48 * 60 }), fc.integer({ min: 20, max: 16 * 60 })), { minLength: count, maxLength: count + 2 }).map(
    (pairs): Span[] => pairs.map(([offset, length]) => ({ from: start + offset * MINUTE, to: start + (offset + length) * MINUTE })),
  );

const scenario = fc.record({
  family: fc.constantFrom(...families),
  count: fc.integer({ min: 2, max: 40 }),
  stations: fc.integer({ min: 1, max: 8 }),
  minutes: fc.oneof(fc.integer({ min: 5, max: 90 }), fc.record({ default: fc.integer({ min: 5, max: 60 }), rounds: fc.record({ final: fc.integer({ min: 5, max: 120 }), '1': fc.integer({ min: 5, max: 60 }) }) })),
  rest: fc.integer({ min: 0, max: 45 }),
  windows: fc.option(spanList(1), { nil: null }),
  availability: fc.option(spanList(1), { nil: null }),
  fromOffset: fc.integer({ min: 0, max: 6 * 60 }),
  keepOrder: fc.boolean(),
  pinEvery: fc.option(fc.integer({ min: 2, max: 9 }), { nil: null }),
  laterBy: fc.integer({ min: 0, max: 3 * 60 }),
});

function timetable(input: ScheduleInput, planned: { matchId: string; startsAt: number; stationId: string }[]): Map<string, Timed> {
  const times = new Map<string, Timed>(planned.map((entry) => [entry.matchId, { startsAt: entry.startsAt, stationId: entry.stationId }]));
  for (const match of input.matches) if (match.fixed) times.set(match.id, match.fixed);
  return times;
}

function expectRulesKept(input: ScheduleInput): void {
  const plan = planSchedule(input);
  const fixed = input.matches.filter((match) => match.fixed);
  const open = input.matches.filter((match) => !match.fixed);
  // Every open match is planned or said to be unplaced, once.
  expect([...plan.planned.map((entry) => entry.matchId), ...plan.unplaced].sort()).toEqual(open.map((match) => match.id).sort());
  for (const entry of plan.planned) {
    expect(entry.startsAt).toBeGreaterThanOrEqual(input.from);
    expect(entry.endsAt - entry.startsAt).toBe(input.matches.find((match) => match.id === entry.matchId)!.durationMs);
  }
  const conflicts = findConflicts({ ...input, times: timetable(input, plan.planned) });
  // The only rule a plan may break is a pin's feeder that cannot end in time, and the plan says so.
  const unmet = new Set(plan.unmet.map((rule) => `${rule.matchId}|${rule.otherMatchId}`));
  for (const conflict of conflicts) {
    expect(conflict.rule).toBe('feeder_rest');
    expect(fixed.map((match) => match.id)).toContain(conflict.matchId);
    expect(unmet.has(`${conflict.matchId}|${conflict.otherMatchId}`)).toBe(true);
  }
  if (fixed.length === 0) expect(plan.unmet).toEqual([]);
  const always = input.windows === null && (input.stageRules ?? []).every((rules) => rules.windows === null);
  if (always && input.stations.every((station) => station.available === null)) expect(plan.unplaced).toEqual([]);
  if (plan.unplaced.length === 0 && plan.endsAt !== null) expect(plan.lowerBound.endsAt!).toBeLessThanOrEqual(plan.endsAt);
}

describe('planSchedule (property)', () => {
  it('keeps every hard rule on every plan, and again after pins and a later re-plan', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const matches = scheduleTournament(s.family, s.count, s.minutes);
        const input: ScheduleInput = {
          matches,
          stations: someStations(s.stations, s.availability),
          windows: s.windows,
          restMs: s.rest * MINUTE,
          from: start + s.fromOffset * MINUTE,
          keepOrder: s.keepOrder,
        };
        expectRulesKept(input);
        // Pin some matches where the first plan put them, remember the rest's times, and plan again later.
        const first = planSchedule(input);
        const placed = new Map(first.planned.map((entry) => [entry.matchId, entry]));
        const replanned: ScheduleMatch[] = matches.map((match) => {
          const entry = placed.get(match.id);
          if (!entry) return match;
          const pinned = s.pinEvery !== null && match.order % s.pinEvery === 0;
          return { ...match, fixed: pinned ? { startsAt: entry.startsAt, stationId: entry.stationId } : null, previous: { startsAt: entry.startsAt, stationId: entry.stationId } };
        });
        expectRulesKept({ ...input, matches: replanned, from: input.from + s.laterBy * MINUTE });
      }),
      { numRuns: 150 },
    );
  });

  it('keeps every hard rule when matches keep rules of their own stage (rest, windows, a later start)', () => {
    const stageRules = fc.array(fc.record({ rest: fc.integer({ min: 0, max: 60 }), windows: fc.option(spanList(1), { nil: null }) }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(scenario, stageRules, fc.integer({ min: 1, max: 1000 }), (s, rules, salt) => {
        // Each match in one of the stages' rule sets, or the tournament's (a stage of its own settings or none).
        const matches = scheduleTournament(s.family, s.count, s.minutes).map((match) => {
          const set = (match.order * 7 + salt) % (rules.length + 1);
          return set === rules.length ? match : { ...match, rules: set };
        });
        const input: ScheduleInput = {
          matches,
          stations: someStations(s.stations, s.availability),
          windows: s.windows,
          restMs: s.rest * MINUTE,
          stageRules: rules.map((rule) => ({ restMs: rule.rest * MINUTE, windows: rule.windows })),
          from: start + s.fromOffset * MINUTE,
          keepOrder: s.keepOrder,
        };
        expectRulesKept(input);
      }),
      { numRuns: 150 },
    );
  });

  it('plans every open match of any tournament when time is unlimited, with no rule broken', () => {
    fc.assert(
      fc.property(fc.constantFrom(...families), fc.integer({ min: 2, max: 50 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 30 }), (family, count, stations, rest) => {
        const input: ScheduleInput = { matches: scheduleTournament(family, count), stations: someStations(stations), windows: null, restMs: rest * MINUTE, from: start, keepOrder: true };
        const plan = planSchedule(input);
        expect(plan.unplaced).toEqual([]);
        expect(findConflicts({ ...input, times: timetable(input, plan.planned) })).toEqual([]);
        expect(plan.lowerBound.endsAt!).toBeLessThanOrEqual(plan.endsAt!);
      }),
      { numRuns: 60 },
    );
  });
});
