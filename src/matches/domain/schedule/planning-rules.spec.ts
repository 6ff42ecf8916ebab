import { Tournament } from '../../../tournaments/domain/tournament';
import { settingsOf } from '../../play-settings';
import { generateMatches } from '../../../competition/play/generation';
import { countingIds, someParticipants } from '../../../competition/testing/play-out';
import { HOUR, MINUTE, someStations } from '../../../competition/testing/schedule-tournaments';
import { findConflicts } from '../../../competition/schedule/conflicts';
import { planningRules } from './planning-rules';
import { planSchedule } from '../../../competition/schedule/schedule';
import { scheduleMatchesOf } from '../../../competition/schedule/schedule-input';

const evening = Date.UTC(2026, 4, 1, 17);
type Stages = Parameters<typeof Tournament.create>[1]['stages'];

/** 8 players in 2 groups of a round robin, the top 2 of each to a 4-player knockout with settings of its own. */
function worldCup(knockoutSchedule: Record<string, unknown>) {
  const stages = [
    { key: 'groups', name: 'Groups', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
    { key: 'knockout', name: 'Knockout', format: 'single_elimination', schedule: knockoutSchedule },
  ];
  const tournament = Tournament.create('account', { name: 'Cup', format: 'multi_stage', stages: stages as unknown as Stages, schedule: { match_minutes: 20, rest_minutes: 10 } });
  const matches = generateMatches(settingsOf(tournament), someParticipants(8), countingIds(), new Date(evening));
  return { tournament, matches };
}

describe('planning rules of a staged tournament', () => {
  it('time each stage’s matches by its own match_minutes (rounds named within the stage), the others by the tournament’s', () => {
    const { tournament, matches } = worldCup({ match_minutes: { default: 40, rounds: { final: 60 } } });
    const rules = planningRules(tournament, matches);
    const minutes = (stage: string) => [...new Set(matches.filter((match) => match.stage === stage).map((match) => rules.durationOf(match) / MINUTE))].sort();
    expect(minutes('groups')).toEqual([20]);
    expect(minutes('knockout')).toEqual([40, 60]);
    expect(rules.stageRules).toEqual([]);
  });

  it('start the knockout after every group match it is filled from, and not before its own starts_at, with its own rest', () => {
    const startsAt = evening + 3 * HOUR;
    const { tournament, matches } = worldCup({ starts_at: new Date(startsAt).toISOString(), rest_minutes: 30 });
    const rules = planningRules(tournament, matches);
    expect(rules.stageRules).toEqual([{ restMs: 30 * MINUTE, windows: [{ from: startsAt, to: expect.any(Number) }] }]);
    const input = { matches: scheduleMatchesOf(matches, rules.durationOf, rules.rulesOf), stations: someStations(4), windows: rules.windows, restMs: rules.restMs, stageRules: rules.stageRules, from: evening, keepOrder: true };
    const plan = planSchedule(input);
    expect(plan.unplaced).toEqual([]);
    const times = new Map(plan.planned.map((entry) => [entry.matchId, entry]));
    expect(findConflicts({ ...input, times })).toEqual([]);
    const stageOf = new Map(matches.map((match) => [match.id, match.stage]));
    const of = (stage: string) => plan.planned.filter((entry) => stageOf.get(entry.matchId) === stage);
    const groupsEnd = Math.max(...of('groups').map((entry) => entry.endsAt));
    const knockoutStart = Math.min(...of('knockout').map((entry) => entry.startsAt));
    expect(groupsEnd).toBeLessThan(startsAt);
    expect(knockoutStart).toBe(startsAt);
    // The final keeps the knockout's 30 minutes of rest after the semi-finals.
    const [semiEnd, finalStart] = [Math.max(...of('knockout').slice(0, 2).map((entry) => entry.endsAt)), of('knockout').at(-1)!.startsAt];
    expect(finalStart - semiEnd).toBeGreaterThanOrEqual(30 * MINUTE);
  });

  it('make a later stage wait for its source groups even without settings of its own', () => {
    const { tournament, matches } = worldCup({});
    const rules = planningRules(tournament, matches);
    const scheduled = scheduleMatchesOf(matches, rules.durationOf, rules.rulesOf);
    const firstRound = matches.filter((match) => match.stage === 'knockout' && match.opponents.some((opponent) => opponent.source));
    const groupIds = new Set(matches.filter((match) => match.stage === 'groups').map((match) => match.id));
    for (const match of firstRound) {
      const feeders = scheduled.find((entry) => entry.id === match.id)!.feeders;
      expect(feeders.length).toBe(groupIds.size);
      expect(feeders.every((id) => groupIds.has(id))).toBe(true);
    }
  });
});
