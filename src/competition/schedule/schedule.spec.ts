import { findConflicts } from './conflicts';
import { planSchedule, PlannedMatch, ScheduleInput, ScheduleMatch } from './schedule';
import { minutesOf, roundNames } from './schedule-input';
import { aMatch } from '../../matches/testing/a-match';
import { HOUR, MINUTE, ScheduleFamily, scheduleTournament, someStations } from '../testing/schedule-tournaments';

const evening = Date.UTC(2026, 4, 1, 17);
const rest = 10 * MINUTE;

function input(matches: ScheduleMatch[], stations: number, fields: Partial<ScheduleInput> = {}): ScheduleInput {
  return { matches, stations: someStations(stations), windows: null, restMs: rest, from: evening, keepOrder: true, ...fields };
}

function byMatch(planned: PlannedMatch[]): Map<string, PlannedMatch> {
  return new Map(planned.map((entry) => [entry.matchId, entry]));
}

function noConflicts(scheduleInput: ScheduleInput, planned: PlannedMatch[]): void {
  const times = new Map(planned.map((entry) => [entry.matchId, { startsAt: entry.startsAt, stationId: entry.stationId }]));
  for (const match of scheduleInput.matches) if (match.fixed) times.set(match.id, match.fixed);
  expect(findConflicts({ ...scheduleInput, times })).toEqual([]);
}

describe('planSchedule', () => {
  it('plans a 32-player double elimination on 6 tables in one evening, the final after everything it depends on', () => {
    const matches = scheduleTournament('double_elimination', 32, { default: 20, rounds: { grand_final: 40 } });
    const scheduleInput = input(matches, 6, { windows: [{ from: evening, to: evening + 7 * HOUR }] });
    const plan = planSchedule(scheduleInput);
    expect(plan.unplaced).toEqual([]);
    noConflicts(scheduleInput, plan.planned);
    const last = plan.planned[plan.planned.length - 1];
    expect(last.endsAt - last.startsAt).toBe(40 * MINUTE);
    expect(last.endsAt).toBe(plan.endsAt);
    expect(plan.endsAt! - evening).toBeLessThanOrEqual(1.15 * (plan.lowerBound.endsAt! - evening));
  });

  it('makes a match wait for its feeders plus the rest, and a participant rest between matches', () => {
    const matches = scheduleTournament('single_elimination', 4);
    const plan = byMatch(planSchedule(input(matches, 4)).planned);
    const final = matches.find((match) => match.feeders.length === 2)!;
    for (const feeder of final.feeders) expect(plan.get(final.id)!.startsAt).toBeGreaterThanOrEqual(plan.get(feeder)!.endsAt + rest);
    expect(plan.get(final.id)!.startsAt).toBe(evening + 40 * MINUTE);
  });

  it('plans around a pinned match: its station and players are busy then, and it does not move', () => {
    const matches = scheduleTournament('round_robin', 4);
    const pinnedAt = { startsAt: evening, stationId: 'table-01' };
    const pinned = matches[3];
    matches[3] = { ...pinned, fixed: pinnedAt };
    const scheduleInput = input(matches, 2);
    const plan = planSchedule(scheduleInput);
    expect(plan.planned.map((entry) => entry.matchId)).not.toContain(pinned.id);
    noConflicts(scheduleInput, plan.planned);
    for (const entry of plan.planned.filter((other) => other.startsAt < evening + 30 * MINUTE)) {
      expect(entry.stationId).not.toBe('table-01');
      const match = matches.find((candidate) => candidate.id === entry.matchId)!;
      for (const participant of match.participants) expect(pinned.participants).not.toContain(participant);
    }
  });

  it('plans what a pinned match feeds after it, plus the rest', () => {
    const matches = scheduleTournament('single_elimination', 4);
    const final = matches.find((match) => match.feeders.length === 2)!;
    const [first, second] = final.feeders;
    const pinned = matches.map((match) => (match.id === first ? { ...match, fixed: { startsAt: evening + HOUR, stationId: 'table-02' } } : match));
    const plan = planSchedule(input(pinned, 2));
    expect(plan.unplaced).toEqual([]);
    const planned = byMatch(plan.planned);
    expect(planned.get(second)!.startsAt).toBe(evening);
    expect(planned.get(final.id)!.startsAt).toBe(evening + HOUR + 30 * MINUTE + rest);
  });

  it('says which pin its feeders cannot reach in time instead of breaking the rule silently', () => {
    const matches = scheduleTournament('single_elimination', 4);
    const final = matches.find((match) => match.feeders.length === 2)!;
    const pinned = matches.map((match) => (match === final ? { ...match, fixed: { startsAt: evening + 20 * MINUTE, stationId: 'table-01' } } : match));
    const plan = planSchedule(input(pinned, 2));
    expect(plan.unmet.map((rule) => [rule.matchId, rule.rule]).sort()).toEqual([
      [final.id, 'feeder_rest'],
      [final.id, 'feeder_rest'],
    ]);
  });

  it('re-plans after a late match keeping the order: what followed shifts, nothing jumps ahead', () => {
    const matches = scheduleTournament('double_elimination', 32, 20);
    const first = planSchedule(input(matches, 6));
    // The first match overran: at 17:50 it is still open. Everything else of the first hour was played.
    const lateId = first.planned[0].matchId;
    const now = evening + 50 * MINUTE;
    const played = new Set(first.planned.filter((entry) => entry.endsAt <= now && entry.matchId !== lateId).map((entry) => entry.matchId));
    const previous = byMatch(first.planned);
    const open = matches
      .filter((match) => !played.has(match.id))
      .map((match) => ({ ...match, feeders: match.feeders.filter((id) => !played.has(id)), previous: { startsAt: previous.get(match.id)!.startsAt, stationId: previous.get(match.id)!.stationId } }));
    const second = planSchedule(input(open, 6, { from: now }));
    expect(second.unplaced).toEqual([]);
    noConflicts(input(open, 6), second.planned);
    const inPreviousOrder = [...second.planned].sort((a, b) => previous.get(a.matchId)!.startsAt - previous.get(b.matchId)!.startsAt);
    for (let i = 1; i < inPreviousOrder.length; i++) expect(inPreviousOrder[i].startsAt).toBeGreaterThanOrEqual(inPreviousOrder[i - 1].startsAt);
    expect(byMatch(second.planned).get(lateId)!.startsAt).toBe(now);
    // Most matches keep their table.
    const sameTable = second.planned.filter((entry) => entry.stationId === previous.get(entry.matchId)!.stationId).length;
    expect(sameTable / second.planned.length).toBeGreaterThan(0.5);
  });

  it('gives the same plan again when nothing changed (keep_order)', () => {
    for (const family of ['double_elimination', 'round_robin_two_legs', 'swiss'] as const) {
      const matches = scheduleTournament(family, 20, { default: 25, rounds: { final: 50 } });
      const scheduleInput = input(matches, 5, { windows: [{ from: evening, to: evening + 5 * HOUR }, { from: evening + 24 * HOUR, to: evening + 40 * HOUR }] });
      const first = planSchedule(scheduleInput);
      const previous = byMatch(first.planned);
      const again = planSchedule({ ...scheduleInput, matches: matches.map((match) => ({ ...match, previous: previous.get(match.id)! })) });
      expect(again.planned).toEqual(first.planned);
    }
  });

  it('uses two evenings: no match runs through the night, play goes on the next day', () => {
    // Each of 6 players plays 5 matches of 45 minutes with 10 between: 265 minutes, more than one evening.
    const matches = scheduleTournament('round_robin', 6, 45);
    const windows = [
      { from: evening, to: evening + 4 * HOUR },
      { from: evening + 24 * HOUR, to: evening + 28 * HOUR },
    ];
    const scheduleInput = input(matches, 3, { windows });
    const plan = planSchedule(scheduleInput);
    expect(plan.unplaced).toEqual([]);
    noConflicts(scheduleInput, plan.planned);
    for (const entry of plan.planned) expect(windows.some((window) => window.from <= entry.startsAt && entry.endsAt <= window.to)).toBe(true);
    expect(plan.planned.some((entry) => entry.startsAt >= windows[1].from)).toBe(true);
  });

  it('uses a station only when it is available, and says what no window can take', () => {
    const matches = scheduleTournament('single_elimination', 8);
    const stations = [
      { id: 'late', available: [{ from: evening + HOUR, to: evening + 10 * HOUR }] },
      { id: 'early', available: [{ from: evening, to: evening + 35 * MINUTE }] },
    ];
    const plan = planSchedule({ ...input(matches, 0), stations });
    for (const entry of plan.planned) if (entry.startsAt < evening + HOUR) expect(entry.stationId).toBe('early');
    expect(plan.unplaced).toEqual([]);
    const short = planSchedule({ ...input(matches, 4), windows: [{ from: evening, to: evening + 45 * MINUTE }] });
    expect(short.planned).toHaveLength(4);
    expect(short.unplaced).toHaveLength(3);
  });

  it('is never more than 15 % above the lower bound on the issue’s families of tournaments', () => {
    const cases: [ScheduleFamily, number, number][] = [
      ['single_elimination', 16, 4],
      ['single_elimination', 512, 32],
      ['double_elimination', 64, 8],
      ['double_elimination', 512, 32],
      ['round_robin', 8, 4],
      ['round_robin', 24, 12],
      ['round_robin_two_legs', 24, 12],
      ['round_robin_two_legs', 12, 4],
      ['swiss', 32, 4],
      ['swiss', 256, 32],
    ];
    for (const [family, count, stations] of cases) {
      const matches = scheduleTournament(family, count, { default: 30, rounds: { final: 60 } });
      for (const windows of [[{ from: evening, to: evening + 200 * HOUR }], [{ from: evening, to: evening + 20 * HOUR }, { from: evening + 24 * HOUR, to: evening + 200 * HOUR }]]) {
        const plan = planSchedule(input(matches, stations, { windows }));
        expect([family, count, stations, plan.unplaced]).toEqual([family, count, stations, []]);
        const ratio = (plan.endsAt! - evening) / (plan.lowerBound.endsAt! - evening);
        expect([family, count, stations, ratio <= 1.15]).toEqual([family, count, stations, true]);
      }
    }
  });

  it('reports the optimum as the bound for a 512-player single elimination on 32 stations, far above time ÷ stations', () => {
    const plan = planSchedule(input(scheduleTournament('single_elimination', 512), 32));
    // Rounds 1 to 3 (448 matches) fill 14 slots of 30 minutes on 32 tables; then 6 rounds, each after a rest.
    expect(plan.lowerBound.endsAt).toBe(evening + 14 * 30 * MINUTE + 6 * 40 * MINUTE);
    expect(plan.endsAt).toBe(plan.lowerBound.endsAt);
  });
});

describe('match minutes per round', () => {
  it('names a bracket’s last rounds and a double elimination’s grand final', () => {
    const setting = { default: 20, rounds: { final: 60, semi_final: 40, grand_final: 90, '1': 25 } };
    expect(minutesOf(setting, roundNames(aMatch({ bracket: 'main', round: 5 }), 5))).toBe(60);
    expect(minutesOf(setting, roundNames(aMatch({ bracket: 'main', round: 4 }), 5))).toBe(40);
    expect(minutesOf(setting, roundNames(aMatch({ bracket: 'main', round: 1 }), 5))).toBe(25);
    expect(minutesOf(setting, roundNames(aMatch({ bracket: 'grand_final', round: 1 }), 5))).toBe(90);
    expect(minutesOf(setting, roundNames(aMatch({ bracket: 'losers', round: 1 }), 5))).toBe(20);
    expect(minutesOf(45, ['final'])).toBe(45);
    expect(minutesOf(undefined, ['final'])).toBe(30);
  });
});
