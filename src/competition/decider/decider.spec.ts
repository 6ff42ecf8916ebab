import { DomainError, InvalidError } from '../../kernel/domain-error';
import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from '../play/generation';
import { FormatSettings, Match, participantsOf } from '../match/match';
import { ResultReport } from '../match/report';
import { bracketRoundsFor } from '../series/series';
import { ReportOptions, TournamentPlay } from '../play/tournament-play';

/** Level scores in a knockout match, settled by a decider (issue 40), against the rules in docs/matches.md. */
const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

function start(format: FormatSettings['format'], count: number, bestOf = 1) {
  const settings: FormatSettings = { format, rounds: null, bestOf, bracketRounds: bracketRoundsFor(count) };
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const byNumber = (number: number) => play.all().find((match) => match.number === number)!;
  const report = (number: number, body: ResultReport, options: Partial<ReportOptions> = {}) => play.report(byNumber(number).id, body, { ...plain, ...options });
  const refused = (number: number, body: ResultReport) => {
    try {
      report(number, body);
    } catch (error) {
      if (!(error instanceof InvalidError)) throw error;
      return { code: (error as DomainError).code, pointers: error.fieldProblems.map((problem) => problem.pointer) };
    }
    throw new Error('expected the report to be refused');
  };
  return { play, byNumber, report, refused };
}

const who = (match: Match) => match.opponents.map((opponent) => opponent.participantId!);

describe('a decider', () => {
  it.each(['single_elimination', 'double_elimination'] as const)('in %s: level scores, the winner and the decider; the winner moves on', (format) => {
    const t = start(format, 4);
    const [a, b] = who(t.byNumber(1));
    const { match } = t.report(1, { scores: [1, 1], winnerId: b, decider: { method: 'penalties', scores: [2, 4] } });
    expect(match).toMatchObject({ status: 'completed', winnerId: b, decider: { method: 'penalties', scores: [2, 4] } });
    expect(match.opponents.map((opponent) => [opponent.score, opponent.result])).toEqual([
      [1, 'loss'],
      [1, 'win'],
    ]);
    const next = t.play.all().find((one) => one.id === match.nextMatchId)!;
    expect(participantsOf(next)).toContain(b);
    expect(participantsOf(next)).not.toContain(a);
  });

  it('may leave out its scores (a coin toss)', () => {
    const t = start('single_elimination', 4);
    const [a] = who(t.byNumber(1));
    expect(t.report(1, { scores: [0, 0], winnerId: a, decider: { method: 'coin_toss' } }).match.decider).toEqual({ method: 'coin_toss', scores: null });
  });

  it('is replaced or cleared by a correction, and cleared when a correction upstream reopens the match', () => {
    const t = start('single_elimination', 4);
    const [a, b] = who(t.byNumber(1));
    t.report(1, { scores: [2, 2], winnerId: a, decider: { method: 'extra_time', scores: [3, 2] } });
    expect(t.report(1, { scores: [2, 2], winnerId: b, decider: { method: 'penalties', scores: [3, 5] } }).match.decider).toEqual({ method: 'penalties', scores: [3, 5] });
    expect(t.report(1, { scores: [3, 2] }).match.decider).toBeNull();
    // The final, decided on penalties, is cleared when the semi-final's correction changes who reached it.
    const [c, d] = who(t.byNumber(2));
    t.report(2, { scores: [1, 0] });
    const final = t.byNumber(3);
    const [x] = who(final);
    t.report(3, { scores: [0, 0], winnerId: x, decider: { method: 'penalties', scores: [5, 4] } });
    t.report(2, { scores: [0, 1] }, { resetDependents: true });
    expect(t.byNumber(3)).toMatchObject({ status: 'ready', decider: null, winnerId: null });
    expect(c).not.toBe(d);
  });

  it('is refused outside single and double elimination, where level scores are a draw (or ranks are reported)', () => {
    for (const format of ['round_robin', 'swiss'] as const) {
      const t = start(format, 4);
      const [a] = who(t.byNumber(1));
      expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'penalties', scores: [4, 2] } })).toEqual({ code: 'validation_failed', pointers: ['/decider'] });
      expect(t.byNumber(1).status).toBe('ready');
    }
    const ffa = start('free_for_all', 4);
    expect(ffa.refused(1, { ranks: [1, 2, 3, 4], decider: { method: 'other' } }).pointers).toEqual(['/decider']);
  });

  it('goes only with level scores and winner_id: scores that decide, no scores, no winner are refused at their pointers', () => {
    const t = start('single_elimination', 4);
    const [a] = who(t.byNumber(1));
    const penalties = { method: 'penalties', scores: [4, 2] };
    expect(t.refused(1, { scores: [2, 1], winnerId: a, decider: penalties }).pointers).toEqual(['/decider']);
    expect(t.refused(1, { winnerId: a, decider: penalties }).pointers).toEqual(['/decider']);
    expect(t.refused(1, { scores: [1, 1], decider: penalties }).pointers).toEqual(['/winner_id']);
    expect(t.byNumber(1).status).toBe('ready');
  });

  it('names the winner as the higher of its own scores, and has a known method and two whole scores', () => {
    const t = start('single_elimination', 4);
    const [a, b] = who(t.byNumber(1));
    expect(t.refused(1, { scores: [1, 1], winnerId: b, decider: { method: 'penalties', scores: [4, 2] } }).pointers).toEqual(['/decider/scores']);
    expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'penalties', scores: [3, 3] } }).pointers).toEqual(['/decider/scores']);
    expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'golden_goal' } }).pointers).toEqual(['/decider/method']);
    expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'penalties', scores: [4.5, 2] } }).pointers).toEqual(['/decider/scores']);
    expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'penalties', scores: [4, 2, 1] } }).pointers).toEqual(['/decider/scores']);
    expect(t.refused(1, { scores: [1, 1], winnerId: a, decider: { method: 'penalties', by: 'referee' } }).pointers).toEqual(['/decider/by']);
  });

  it('is not for a result not played out, nor for a series (a level game names its winner)', () => {
    const t = start('single_elimination', 4, 3);
    const [a] = who(t.byNumber(1));
    expect(t.refused(1, { outcome: 'forfeit', winnerId: a, decider: { method: 'coin_toss' } }).pointers).toEqual(['/decider']);
    const games = [{ scores: [11, 7] }, { scores: [11, 9] }];
    expect(t.refused(1, { games, scores: [2, 0], winnerId: a, decider: { method: 'other' } }).pointers).toEqual(['/decider']);
  });

  it('leaves level scores without winner_id a draw that is not allowed, as before', () => {
    const t = start('single_elimination', 4);
    expect(t.refused(1, { scores: [1, 1] })).toEqual({ code: 'draw_not_allowed', pointers: ['/scores'] });
  });
});
