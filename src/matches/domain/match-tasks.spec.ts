import { countingIds, someParticipants } from '../../competition/testing/play-out';
import { generateMatches } from '../../competition/play/generation';
import { FormatSettings, StagePlay } from '../../competition/match/match';
import { MATCH_BATCH_SIZE, reportInPlay, startingMatchBatches, standingsOf } from './match-tasks';
import { MatchRecord, UNSCHEDULED } from './match.repository';
import { computeStandings } from '../../competition/ranking/standings';
import { TournamentPlay } from '../../competition/play/tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const context = { accountId: 'account', tournamentId: 'tournament', now: now.toISOString() };

/** Stored records of a freshly started tournament, and the JSON text the repository would read them as. */
function started(settings: FormatSettings, count: number) {
  const participants = someParticipants(count);
  const records: MatchRecord[] = generateMatches(settings, participants, countingIds(), now).map((match) => ({
    ...match,
    ...context,
    ...UNSCHEDULED,
    createdAt: now,
    updatedAt: now,
    version: 1,
  }));
  return { participants, records, json: [JSON.stringify(records.slice(0, 2)), JSON.stringify(records.slice(2))] };
}

describe('the formats as worker tasks', () => {
  it('hands a start over as JSON batches of stored records, a thousand at most each', () => {
    const settings = { format: 'round_robin', rounds: null } as const;
    const generation = startingMatchBatches(settings, someParticipants(64), context);
    const batches: string[] = [];
    let step = generation.next();
    for (; !step.done; step = generation.next()) batches.push(step.value);
    expect(step.value).toEqual({ count: 2016, ready: 2016 });
    expect(batches).toHaveLength(Math.ceil(2016 / MATCH_BATCH_SIZE));
    const first = JSON.parse(batches[0]) as MatchRecord[];
    expect(first).toHaveLength(MATCH_BATCH_SIZE);
    expect(first[0]).toMatchObject({ accountId: 'account', tournamentId: 'tournament', number: 1, version: 1, createdAt: context.now });
    // Empty fields are left out (the insert reads them as null); a participant's empty score stays in its opponent.
    expect(first[0]).not.toHaveProperty('scheduledAt');
    expect(first[0]).not.toHaveProperty('winnerId');
    expect(first[0].opponents[0]).toHaveProperty('score', null);
  });

  it('computes the table from the JSON text as from the matches themselves', () => {
    const settings = { format: 'round_robin', rounds: null } as const;
    const { participants, records, json } = started(settings, 6);
    expect(standingsOf(settings, participants, json)).toEqual({ rows: computeStandings(settings, participants, records), reached: [] });
  });

  it('reports as TournamentPlay does, returning the stored versions of what changed and the table when it completes', () => {
    const settings = { format: 'swiss', rounds: 2 } as const;
    const { participants, records, json } = started(settings, 4);
    const options = { resetDependents: false, tournamentCompleted: false, now };
    let created = 0;
    const direct = new TournamentPlay(settings, participants, records, () => `new-${++created}`);
    direct.report(records[0].id, { scores: [1, 0] }, options);
    const offloaded = reportInPlay(settings, participants, json, records[0].id, { scores: [1, 0] }, { ...options, now: now.toISOString(), withStandings: false });
    expect(offloaded.changes.updated.map((match) => [match.id, match.status, match.completedAt])).toEqual([[records[0].id, 'completed', now]]);
    expect(offloaded.before).toEqual([records[0]]);
    expect(offloaded.standings).toBeNull();

    // The round's last report pairs round 2 in the worker, as it would inline.
    const afterFirst = [JSON.stringify([offloaded.changes.updated[0], ...records.slice(1)])];
    const closing = reportInPlay(settings, participants, afterFirst, records[1].id, { scores: [0, 1] }, { ...options, now: now.toISOString(), withStandings: true });
    const inline = direct.report(records[1].id, { scores: [0, 1] }, options);
    expect(closing.changes.created.map((match) => match.opponents.map((o) => o.participantId))).toEqual(
      inline.created.map((match) => match.opponents.map((o) => o.participantId)),
    );
    expect(closing.standings?.rows).toEqual(direct.standings());
  });

  it('works a staged tournament’s stage statuses out from the matches it holds: the last group result moves the stage on', () => {
    const stage = (key: string, format: 'round_robin' | 'single_elimination', groups: number, perGroup: number | null): StagePlay => ({
      key,
      name: key,
      groups,
      advance: perGroup === null ? null : { perGroup, best: null },
      seeding: perGroup === null ? 'cross_groups' : 'snake',
      decisions: [],
      settings: { format, rounds: null },
    });
    const settings: FormatSettings = { format: 'multi_stage', rounds: null, stages: [stage('groups', 'round_robin', 2, 1), stage('final', 'single_elimination', 1, null)] };
    const start = started(settings, 6);
    const { participants } = start;
    let { records } = start;
    const options = { resetDependents: false, tournamentCompleted: false, now: now.toISOString(), withStandings: false };
    const open = () => records.filter((match) => match.stage === 'groups' && match.status === 'ready');
    let last = null;
    while (open().length > 0) {
      const match = open()[0];
      last = reportInPlay(settings, participants, [JSON.stringify(records)], match.id, { scores: [1, 0] }, options);
      const changed = new Map([...last.changes.updated, ...last.changes.created].map((each) => [each.id, each]));
      records = records.map((record) => ({ ...record, ...changed.get(record.id) }));
      if (open().length > 0) expect(last.stageStatuses).toEqual(['in_progress', 'pending']);
    }
    expect(last?.stageStatuses).toEqual(['completed', 'in_progress']);
  });
});
