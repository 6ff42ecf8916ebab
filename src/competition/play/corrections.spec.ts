import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from './generation';
import { FormatSettings, Match, participantsOf } from '../match/match';
import { ResultReport } from '../match/report';
import { needsField, ReportOptions, TournamentPlay } from './tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

function start(format: FormatSettings['format'], count: number, rounds: number | null = null) {
  const settings = { format, rounds };
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const byNumber = (number: number) => play.all().find((match) => match.number === number)!;
  const report = (number: number, body: ResultReport, options: Partial<ReportOptions> = {}) =>
    play.report(byNumber(number).id, body, { ...plain, ...options });
  /** The first opponent of match `number` wins it. */
  const first = (number: number, options: Partial<ReportOptions> = {}) => report(number, { scores: [1, 0] }, options);
  const second = (number: number, options: Partial<ReportOptions> = {}) => report(number, { scores: [0, 1] }, options);
  return { play, byNumber, report, first, second };
}

const who = (match: Match) => match.opponents.map((opponent) => opponent.participantId);

describe('reporting refusals', () => {
  it.each([
    ['a pending match', 'single_elimination', 4, 3, { scores: [1, 0] }, 'match_not_ready'],
    ['a draw in single elimination', 'single_elimination', 4, 1, { scores: [2, 2] }, 'draw_not_allowed'],
    ['a draw in double elimination', 'double_elimination', 4, 1, { scores: [0, 0] }, 'draw_not_allowed'],
    ['tied free-for-all ranks', 'free_for_all', 3, 1, { ranks: [1, 1, 3] }, 'draw_not_allowed'],
    ['a winner who is not an opponent', 'round_robin', 4, 1, { winnerId: 'p99' }, 'validation_failed'],
    ['a winner with the lower score', 'round_robin', 4, 1, { scores: [3, 1], winnerId: 'p4' }, 'validation_failed'],
    ['nothing to report', 'round_robin', 4, 1, {}, 'validation_failed'],
    ['three scores for two opponents', 'swiss', 4, 1, { scores: [1, 0, 0] }, 'validation_failed'],
    ['ranks in a two-sided match', 'swiss', 4, 1, { ranks: [1, 2] }, 'validation_failed'],
    ['missing free-for-all ranks', 'free_for_all', 3, 1, { scores: [1, 2, 3] }, 'validation_failed'],
    ['a rank out of range', 'free_for_all', 3, 1, { ranks: [1, 2, 4] }, 'validation_failed'],
    ['a swiss bye', 'swiss', 5, 3, { scores: [1] }, 'match_not_ready'],
  ] as const)('refuses %s and changes nothing', (_, format, count, number, body, code) => {
    const t = start(format, count);
    const before = t.play.all();
    expect(() => t.report(number, body as ResultReport)).toThrow(expect.objectContaining({ code }));
    expect(t.play.all()).toEqual(before);
  });

  it('explains a tied free-for-all in ranks, naming the rank given twice, and a two-sided draw in winners and scores', () => {
    const ffa = start('free_for_all', 4);
    expect(() => ffa.report(1, { ranks: [2, 1, 2, 4] })).toThrow(
      expect.objectContaining({
        fieldProblems: [{ pointer: '/ranks', detail: expect.stringMatching(/^each opponent needs a rank of its own: rank 2 is given more than once/) }],
      }),
    );
    const elimination = start('single_elimination', 4);
    expect(() => elimination.report(1, { scores: [1, 1] })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/scores', detail: expect.stringMatching(/send winner_id, or scores that are not equal/) }] }),
    );
  });

  it('allows draws in round robin and swiss, and a forfeit by winner_id alone', () => {
    const t = start('round_robin', 4);
    expect(t.report(1, { scores: [2, 2] }).match).toMatchObject({ winnerId: null, opponents: [{ result: 'draw' }, { result: 'draw' }] });
    const forfeit = t.report(2, { winnerId: t.byNumber(2).opponents[1].participantId! }).match;
    expect(forfeit).toMatchObject({ status: 'completed', opponents: [{ result: 'loss', score: null }, { result: 'win' }] });
    const s = start('swiss', 4);
    expect(s.report(1, { scores: [1, 1] }).match.opponents.map((o) => o.result)).toEqual(['draw', 'draw']);
  });
});

describe('corrections in single elimination (8 players)', () => {
  it('replaces the old winner downstream while the next match is unreported', () => {
    const t = start('single_elimination', 8);
    t.first(1); // p1 beats p8
    t.first(2); // p4 beats p5
    expect(who(t.byNumber(5))).toEqual(['p1', 'p4']);
    const changes = t.second(1); // correction: p8 won
    expect(changes.cleared).toEqual([]);
    expect(who(t.byNumber(5))).toEqual(['p8', 'p4']);
    expect(t.byNumber(5).status).toBe('ready');
  });

  it('refuses a correction with reported dependents, naming them, unless they are reset (recursively)', () => {
    const t = start('single_elimination', 8);
    for (const number of [1, 2, 3, 4, 5, 6]) t.first(number);
    expect(who(t.byNumber(7))).toEqual(['p1', 'p2']);
    expect(() => t.second(1)).toThrow(
      expect.objectContaining({ code: 'dependent_matches_reported', extensions: { dependent_matches: [{ id: t.byNumber(5).id, number: 5 }] } }),
    );
    const changes = t.second(1, { resetDependents: true });
    expect(changes.cleared.map((match) => match.number)).toEqual([5]);
    expect(t.byNumber(5)).toMatchObject({ status: 'ready', winnerId: null, opponents: [{ participantId: 'p8', score: null }, { participantId: 'p4' }] });
    expect(who(t.byNumber(7))).toEqual([null, 'p2']);
    expect(t.byNumber(7).status).toBe('pending');
  });

  it('clears a whole chain: a final and the semifinal before it', () => {
    const t = start('single_elimination', 4);
    t.first(1);
    t.first(2);
    t.first(3);
    expect(t.play.isComplete()).toBe(true);
    const changes = t.second(1, { resetDependents: true });
    expect(changes.cleared.map((match) => match.number)).toEqual([3]);
    expect(t.play.isComplete()).toBe(false);
    expect(t.play.standings().find((row) => row.participantId === 'p1')!.rank).toBeGreaterThan(1);
  });

  it('in a completed tournament corrects a match nothing reported depends on in place, and re-derives the ranks', () => {
    const t = start('single_elimination', 4);
    [1, 2, 3].forEach((number) => t.first(number));
    expect(() => t.second(1, { tournamentCompleted: true })).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
    t.second(3, { tournamentCompleted: true });
    expect(t.play.isComplete()).toBe(true);
    expect(t.play.standings().slice(0, 2).map((row) => [row.participantId, row.rank])).toEqual([
      ['p2', 1],
      ['p1', 2],
    ]);
  });
});

describe('corrections that reopen a completed tournament', () => {
  it('clears reported dependents with reset_dependents, leaving the tournament open until they are reported again', () => {
    const t = start('single_elimination', 4);
    [1, 2, 3].forEach((number) => t.first(number)); // p1 beats p4, p2 beats p3, p1 wins the final
    const changes = t.second(1, { resetDependents: true, tournamentCompleted: true }); // p4 beat p1 after all
    expect(changes.cleared.map((match) => match.number)).toEqual([3]);
    expect(changes.complete).toBe(false);
    expect(who(t.byNumber(3))).toEqual(['p4', 'p2']);
    expect(t.byNumber(3).status).toBe('ready');
    t.second(3);
    expect(t.play.isComplete()).toBe(true);
    expect(t.play.standings().slice(0, 2).map((row) => [row.participantId, row.rank])).toEqual([
      ['p2', 1],
      ['p4', 2],
    ]);
  });
});

describe('corrections in double elimination (4 players)', () => {
  function toGrandFinal() {
    const t = start('double_elimination', 4);
    [1, 2, 3, 4].forEach((number) => t.first(number)); // p1, p2 win round 1; p1 wins the winners' final; p4 beats p3 … as seeded
    t.first(5);
    return t;
  }

  it('removes an unplayed reset when the grand final is corrected to the winners’ champion', () => {
    const t = toGrandFinal();
    const created = t.second(6).created;
    expect(created).toHaveLength(1);
    const changes = t.first(6);
    expect(changes.deleted.map((match) => match.id)).toEqual([created[0].id]);
    expect(t.play.all()).toHaveLength(6);
    expect(t.play.isComplete()).toBe(true);
  });

  it('refuses to reopen a completed tournament with a reset', () => {
    const t = toGrandFinal();
    t.first(6);
    expect(() => t.second(6, { tournamentCompleted: true })).toThrow(expect.objectContaining({ code: 'tournament_completed' }));
    expect(t.play.all()).toHaveLength(6);
    expect(t.byNumber(6).winnerId).toBe(t.byNumber(6).opponents[0].participantId);
  });

  it('reopens a completed tournament for a grand final corrected to need the reset, when asked to', () => {
    const t = toGrandFinal();
    t.first(6);
    const changes = t.second(6, { tournamentCompleted: true, resetDependents: true });
    expect(changes.created).toMatchObject([{ bracket: 'grand_final', round: 2, status: 'ready' }]);
    expect(changes.complete).toBe(false);
    t.first(7, { tournamentCompleted: false });
    expect(t.play.isComplete()).toBe(true);
    expect(t.play.standings()[0]).toMatchObject({ participantId: t.byNumber(7).opponents[0].participantId, rank: 1 });
  });

  it('moves a corrected loser within the losers’ bracket and clears what followed', () => {
    const t = toGrandFinal();
    t.first(6);
    const loserOfFirst = t.byNumber(1).opponents[1].participantId;
    const changes = t.second(1, { resetDependents: true });
    expect(changes.cleared.map((match) => match.number)).toEqual([3, 4, 5, 6]);
    expect(participantsOf(t.byNumber(4))).toContain('p1');
    expect(participantsOf(t.byNumber(3))).toContain(loserOfFirst);
  });
});

describe('corrections in swiss', () => {
  it('re-pairs an unplayed next round when a result of the previous one changes', () => {
    const t = start('swiss', 4);
    t.first(1);
    const paired = t.first(2).created;
    expect(paired).toHaveLength(2);
    const changes = t.second(1);
    expect(changes.deleted.map((match) => match.id).sort()).toEqual(paired.map((match) => match.id).sort());
    expect(changes.created).toHaveLength(2);
    expect(changes.cleared).toEqual([]);
  });

  it('clears reported later rounds only with reset_dependents', () => {
    const t = start('swiss', 8);
    [1, 2, 3, 4].forEach((number) => t.first(number));
    t.first(5);
    expect(() => t.second(1)).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
    const changes = t.second(1, { resetDependents: true });
    expect(changes.cleared.map((match) => match.number)).toEqual([5]);
    expect(t.play.all().filter((match) => match.round === 2).every((match) => match.status === 'ready')).toBe(true);
  });
});

describe('when a report needs the field', () => {
  it('is a correction, the report closing a swiss round, or one that may complete the tournament', () => {
    const se = start('single_elimination', 4);
    const [m1] = se.play.all();
    expect(needsField('single_elimination', se.play.all(), m1)).toBe(false);
    se.first(1);
    expect(needsField('single_elimination', se.play.all(), se.byNumber(1))).toBe(true);
    se.first(2);
    expect(needsField('single_elimination', se.play.all(), se.byNumber(3))).toBe(true);
    const swiss = start('swiss', 4);
    expect(needsField('swiss', swiss.play.all(), swiss.byNumber(1))).toBe(false);
    swiss.first(1);
    expect(needsField('swiss', swiss.play.all(), swiss.byNumber(2))).toBe(true);
  });

  it('plays without it while no report ranks or pairs', () => {
    const settings = { format: 'single_elimination' as const, rounds: null };
    const newId = countingIds();
    const play = new TournamentPlay(settings, undefined, generateMatches(settings, someParticipants(4), newId, now), newId);
    const [m1] = play.all();
    expect(play.report(m1.id, { scores: [1, 0] }, plain).match.winnerId).toBe('p1');
    expect(() => play.standings()).toThrow(/field/);
  });
});
