import { findConflicts, Timed } from './conflicts';
import { ScheduleMatch } from './schedule';
import { MINUTE, someStations } from '../testing/schedule-tournaments';

const at = Date.UTC(2026, 4, 1, 18);
const match = (id: string, participants: string[], feeders: string[] = []): ScheduleMatch => ({ id, order: Number(id.slice(1)), durationMs: 30 * MINUTE, participants, feeders, fixed: null, previous: null });
const times = (entries: [string, number, string][]) => new Map<string, Timed>(entries.map(([id, minutes, stationId]) => [id, { startsAt: at + minutes * MINUTE, stationId }]));

describe('findConflicts', () => {
  const matches = [match('m1', ['a', 'b']), match('m2', ['c', 'd']), match('m3', ['a', 'c']), match('m4', [], ['m1', 'm2'])];
  const base = { matches, stations: someStations(2), windows: [{ from: at, to: at + 4 * 60 * MINUTE }], restMs: 10 * MINUTE };

  it('finds nothing in a timetable that keeps every rule', () => {
    expect(findConflicts({ ...base, times: times([['m1', 0, 'table-01'], ['m2', 0, 'table-02'], ['m3', 40, 'table-01'], ['m4', 40, 'table-02']]) })).toEqual([]);
  });

  it('names both matches and the rule: a station twice, a player without rest, a match before its feeder’s end plus rest', () => {
    const conflicts = findConflicts({ ...base, times: times([['m1', 0, 'table-01'], ['m2', 10, 'table-01'], ['m3', 35, 'table-02'], ['m4', 45, 'table-02']]) });
    expect(conflicts).toEqual(
      expect.arrayContaining([
        { rule: 'station_overlap', matchId: 'm2', otherMatchId: 'm1' },
        { rule: 'participant_rest', matchId: 'm3', otherMatchId: 'm1' },
        { rule: 'participant_rest', matchId: 'm3', otherMatchId: 'm2' },
        { rule: 'feeder_rest', matchId: 'm4', otherMatchId: 'm2' },
        { rule: 'station_overlap', matchId: 'm4', otherMatchId: 'm3' },
      ]),
    );
    expect(conflicts).toHaveLength(5);
  });

  it('flags a match outside the windows, on an unavailable station, or on a station that does not exist', () => {
    const stations = [{ id: 'table-01', available: [{ from: at + 60 * MINUTE, to: at + 120 * MINUTE }] }, { id: 'table-02', available: null }];
    const conflicts = findConflicts({ ...base, stations, times: times([['m1', 0, 'table-01'], ['m2', 230, 'table-02'], ['m3', 100, 'gone']]) });
    expect(conflicts).toEqual([
      { rule: 'station_unavailable', matchId: 'm1', otherMatchId: null },
      { rule: 'station_unavailable', matchId: 'm3', otherMatchId: null },
      { rule: 'station_unavailable', matchId: 'm2', otherMatchId: null },
    ]);
  });
});
