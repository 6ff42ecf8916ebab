import { findConflicts } from './conflicts';
import { planSchedule, ScheduleInput, ScheduleMatch } from './schedule';
import { windowsFrom } from './stage-rules';
import { HOUR, MINUTE, scheduleTournament, someStations } from '../testing/schedule-tournaments';

const evening = Date.UTC(2026, 4, 1, 17);

/** Two stages in one input: a round robin of 4 (the tournament's rules) and a second round robin of 4 with rules of its own. */
function twoStages(): ScheduleMatch[] {
  const first = scheduleTournament('round_robin', 4);
  const second = scheduleTournament('round_robin', 4).map((match) => ({ ...match, id: `late-${match.id}`, order: match.order + 100, rules: 0 }));
  return [...first, ...second];
}

function plan(input: ScheduleInput) {
  const result = planSchedule(input);
  const times = new Map(result.planned.map((entry) => [entry.matchId, { startsAt: entry.startsAt, stationId: entry.stationId }]));
  expect(findConflicts({ ...input, times })).toEqual([]);
  expect(result.lowerBound.endsAt!).toBeLessThanOrEqual(result.endsAt!);
  return new Map(result.planned.map((entry) => [entry.matchId, entry]));
}

describe('per-stage schedule rules', () => {
  const base = { stations: someStations(2), windows: null, restMs: 10 * MINUTE, from: evening, keepOrder: true };

  it('start a stage no earlier than its starts_at, while the others start at once', () => {
    const stageStart = evening + 3 * HOUR;
    const planned = plan({ ...base, matches: twoStages(), stageRules: [{ restMs: 10 * MINUTE, windows: windowsFrom(null, stageStart) }] });
    const [early, late] = [...planned.values()].reduce<[number[], number[]]>((sides, entry) => (sides[entry.matchId.startsWith('late-') ? 1 : 0].push(entry.startsAt), sides), [[], []]);
    expect(Math.min(...early)).toBe(evening);
    expect(Math.min(...late)).toBe(stageStart);
  });

  it('keep a stage’s own rest between its participants’ matches, and the tournament’s elsewhere', () => {
    const matches = twoStages();
    const planned = plan({ ...base, stations: someStations(4), matches, stageRules: [{ restMs: 45 * MINUTE, windows: null }] });
    const gaps = (prefix: boolean) => {
      const byParticipant = new Map<string, number[][]>();
      for (const match of matches.filter((candidate) => candidate.id.startsWith('late-') === prefix)) {
        const entry = planned.get(match.id)!;
        for (const participant of match.participants) (byParticipant.get(participant) ?? byParticipant.set(participant, []).get(participant)!).push([entry.startsAt, entry.endsAt]);
      }
      let least = Infinity;
      for (const spans of byParticipant.values()) {
        spans.sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < spans.length; i++) least = Math.min(least, spans[i][0] - spans[i - 1][1]);
      }
      return least;
    };
    expect(gaps(true)).toBeGreaterThanOrEqual(45 * MINUTE);
    expect(gaps(false)).toBe(10 * MINUTE);
  });

  it('play a stage inside its own windows', () => {
    const window = { from: evening + 24 * HOUR, to: evening + 30 * HOUR };
    const planned = plan({ ...base, matches: twoStages(), windows: [{ from: evening, to: evening + 5 * HOUR }], stageRules: [{ restMs: 10 * MINUTE, windows: [window] }] });
    for (const entry of planned.values()) {
      if (entry.matchId.startsWith('late-')) expect(entry.startsAt >= window.from && entry.endsAt <= window.to).toBe(true);
      else expect(entry.endsAt).toBeLessThanOrEqual(evening + 5 * HOUR);
    }
  });

  it('name a match before its stage’s start as played outside its time', () => {
    const matches = twoStages();
    const late = matches.find((match) => match.id.startsWith('late-'))!;
    const times = new Map([[late.id, { startsAt: evening, stationId: 'table-01' }]]);
    const conflicts = findConflicts({ ...base, matches, times, stageRules: [{ restMs: 10 * MINUTE, windows: windowsFrom(null, evening + HOUR) }] });
    expect(conflicts).toEqual([{ rule: 'station_unavailable', matchId: late.id, otherMatchId: null }]);
  });

  it('clip a stage’s windows at its starts_at', () => {
    expect(windowsFrom([{ from: 0, to: 10 }, { from: 20, to: 30 }], 25)).toEqual([{ from: 25, to: 30 }]);
    expect(windowsFrom([{ from: 0, to: 10 }], null)).toEqual([{ from: 0, to: 10 }]);
  });
});
