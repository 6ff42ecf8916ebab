import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from './generation';
import { FormatSettings, Match, participantsOf } from '../match/match';
import { ResultReport } from '../match/report';
import { bracketRoundsFor } from '../series/series';
import { ReportOptions, TournamentPlay } from './tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

function start(format: FormatSettings['format'], count: number, bestOf = 1) {
  const settings: FormatSettings = { format, rounds: null, bestOf, bracketRounds: bracketRoundsFor(count) };
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const byNumber = (number: number) => play.all().find((match) => match.number === number)!;
  const report = (number: number, body: ResultReport, options: Partial<ReportOptions> = {}) => play.report(byNumber(number).id, body, { ...plain, ...options });
  const row = (id: string) => play.standings().find((one) => one.participantId === id)!;
  return { play, byNumber, report, row };
}

const who = (match: Match) => match.opponents.map((opponent) => opponent.participantId);
const results = (match: Match) => match.opponents.map((opponent) => opponent.result);
const games = (...slots: number[]) => slots.map((slot) => ({ scores: slot === 0 ? [11, 7] : [7, 11] }));
const HEAD_TO_HEAD = ['single_elimination', 'double_elimination', 'round_robin', 'swiss'] as const;

describe('forfeit', () => {
  it.each(HEAD_TO_HEAD)('in %s: the winner named wins without scores, the loser loses, the outcome says forfeit', (format) => {
    const t = start(format, 4);
    const [, b] = who(t.byNumber(1));
    const { match } = t.report(1, { outcome: 'forfeit', winnerId: b! });
    expect(match).toMatchObject({ status: 'completed', winnerId: b, reportedOutcome: 'forfeit', outcome: null, games: [] });
    expect(results(match)).toEqual(['loss', 'win']);
    expect(match.opponents.map((opponent) => opponent.score)).toEqual([null, null]);
    expect(t.row(b!).wins).toBe(1);
    // It is a reported result: it can be corrected like any other.
    expect(t.report(1, { scores: [3, 1] }).match).toMatchObject({ reportedOutcome: null, winnerId: who(match)[0] });
  });

  it('moves the winner on in a bracket, and drops the loser to the losers’ bracket in double elimination (they only missed one match)', () => {
    const t = start('double_elimination', 4);
    const [a, b] = who(t.byNumber(1));
    t.report(1, { outcome: 'forfeit', winnerId: a! });
    expect(t.play.all().some((match) => match.bracket === 'winners' && match.round === 2 && participantsOf(match).includes(a!))).toBe(true);
    expect(t.play.all().some((match) => match.bracket === 'losers' && participantsOf(match).includes(b!))).toBe(true);
  });

  it('keeps a forfeit score for the side that showed, and refuses one for the other side, a missing winner, and games', () => {
    const t = start('round_robin', 4);
    const [a, b] = who(t.byNumber(1));
    expect(t.report(1, { outcome: 'forfeit', winnerId: a!, scores: [3, 0] }).match.opponents.map((opponent) => opponent.score)).toEqual([3, 0]);
    const problemsOf = (body: ResultReport) => {
      try {
        t.report(2, body);
      } catch (error) {
        return (error as { fieldProblems: { pointer: string }[] }).fieldProblems.map((problem) => problem.pointer);
      }
      return [];
    };
    expect(problemsOf({ outcome: 'forfeit' })).toEqual(['/winner_id']);
    expect(problemsOf({ outcome: 'forfeit', winnerId: who(t.byNumber(2))[0]!, scores: [0, 3] })).toEqual(['/winner_id']);
    expect(problemsOf({ outcome: 'forfeit', winnerId: who(t.byNumber(2))[0]!, games: games(0) })).toEqual(['/games']);
    expect(problemsOf({ outcome: 'forfeit', winnerId: 'p99' })).toEqual(['/winner_id']);
    expect(b).not.toBe(a);
    expect(t.byNumber(2).status).toBe('ready');
  });
});

describe('retired', () => {
  it.each(HEAD_TO_HEAD)('in %s: the games so far and the winner, who may be behind when the other side stops', (format) => {
    const t = start(format, 4, 5);
    const [a, b] = who(t.byNumber(1));
    // a leads 2–1 and retires: b goes through.
    const { match } = t.report(1, { outcome: 'retired', winnerId: b!, games: games(0, 1, 0) });
    expect(match).toMatchObject({ status: 'completed', winnerId: b, reportedOutcome: 'retired' });
    expect(match.games).toHaveLength(3);
    expect(match.opponents.map((opponent) => [opponent.score, opponent.result])).toEqual([
      [2, 'loss'],
      [1, 'win'],
    ]);
    expect(t.row(a!).losses).toBe(1);
  });

  it('of a series reported game by game keeps its games when the retirement sends none', () => {
    const t = start('single_elimination', 4, 5);
    const [a] = who(t.byNumber(1));
    t.report(1, { games: games(1, 1) });
    const { match } = t.report(1, { outcome: 'retired', winnerId: a! });
    expect(match).toMatchObject({ status: 'completed', winnerId: a, reportedOutcome: 'retired' });
    expect(match.games).toHaveLength(2);
    expect(match.opponents.map((opponent) => opponent.score)).toEqual([0, 2]);
  });

  it('takes a single game’s score at the retirement, and refuses games that already decide the series', () => {
    const t = start('single_elimination', 4);
    const [, b] = who(t.byNumber(1));
    expect(t.report(1, { outcome: 'retired', winnerId: b!, scores: [5, 2] }).match.opponents.map((opponent) => opponent.score)).toEqual([5, 2]);
    const series = start('single_elimination', 4, 3);
    expect(() => series.report(1, { outcome: 'retired', winnerId: who(series.byNumber(1))[1]!, games: games(0, 0) })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/outcome', detail: expect.stringMatching(/games decide the series \(2–0\)/) }] }),
    );
  });
});

describe('double forfeit', () => {
  it.each(['round_robin', 'swiss'] as const)('in %s: both lose, no scores, no winner; the table counts a loss for each', (format) => {
    const t = start(format, 4);
    const [a, b] = who(t.byNumber(1));
    const { match } = t.report(1, { outcome: 'double_forfeit' });
    expect(match).toMatchObject({ status: 'completed', winnerId: null, reportedOutcome: 'double_forfeit' });
    expect(results(match)).toEqual(['loss', 'loss']);
    for (const id of [a!, b!]) expect(t.row(id)).toMatchObject({ played: 1, wins: 0, draws: 0, losses: 1, points: 0 });
  });

  it('pairs the next swiss round once the round with a double forfeit is complete', () => {
    const t = start('swiss', 4);
    t.report(1, { outcome: 'double_forfeit' });
    const { created } = t.report(2, { scores: [1, 0] });
    expect(created.map((match) => match.round)).toEqual([2, 2]);
  });

  it('refuses anything sent with it, at its pointer', () => {
    const t = start('round_robin', 4);
    expect(() => t.report(1, { outcome: 'double_forfeit', winnerId: who(t.byNumber(1))[0]!, scores: [1, 0] })).toThrow(
      expect.objectContaining({ fieldProblems: [expect.objectContaining({ pointer: '/winner_id' }), expect.objectContaining({ pointer: '/scores' })] }),
    );
    expect(() => start('free_for_all', 4).report(1, { outcome: 'double_forfeit' })).toThrow(expect.objectContaining({ fieldProblems: [expect.objectContaining({ pointer: '/outcome' })] }));
  });

  describe('in a bracket: nobody moves on, and the next match is a walkover', () => {
    it('for the winner of the other semi-final, whichever is reported first', () => {
      for (const order of ['double forfeit first', 'other match first']) {
        const t = start('single_elimination', 4);
        const winner = who(t.byNumber(2))[0]!;
        if (order === 'other match first') t.report(2, { scores: [2, 0] });
        t.report(1, { outcome: 'double_forfeit' });
        if (order === 'double forfeit first') {
          expect(t.byNumber(3)).toMatchObject({ status: 'pending' });
          t.report(2, { scores: [2, 0] });
        }
        expect(t.byNumber(3)).toMatchObject({ status: 'completed', winnerId: winner, outcome: 'forfeit', reportedOutcome: null });
        expect(who(t.byNumber(3))).toEqual([null, winner]);
        expect(t.play.isComplete()).toBe(true);
        // The two who forfeited are out in the first round, level with the semi-final's loser: the final had no loser.
        const table = t.play.standings();
        expect(table.map((row) => row.rank)).toEqual([1, 2, 2, 2]);
        expect(table[0].participantId).toBe(winner);
      }
    });

    it('void when both feeders were double forfeits, and the match after it a walkover', () => {
      const t = start('single_elimination', 8);
      t.report(1, { outcome: 'double_forfeit' });
      t.report(2, { outcome: 'double_forfeit' });
      const semi = t.play.all().find((match) => match.round === 2 && match.opponents.every((opponent) => opponent.participantId === null))!;
      expect(semi).toMatchObject({ status: 'completed', winnerId: null, outcome: 'void' });
      t.report(3, { scores: [1, 0] });
      t.report(4, { scores: [1, 0] });
      const other = t.play.all().find((match) => match.round === 2 && match.id !== semi.id)!;
      const { match } = t.report(other.number, { scores: [1, 0] });
      const final = t.play.all().find((one) => one.round === 3)!;
      expect(final).toMatchObject({ status: 'completed', winnerId: match.winnerId, outcome: 'forfeit' });
      expect(t.play.isComplete()).toBe(true);
    });

    it('in double elimination, the losers’ match it fed is a walkover too', () => {
      const t = start('double_elimination', 4);
      t.report(1, { outcome: 'double_forfeit' });
      const { match } = t.report(2, { scores: [1, 0] });
      const [, loser] = who(match);
      const losersFirst = t.play.all().find((one) => one.bracket === 'losers' && one.round === 1)!;
      expect(losersFirst).toMatchObject({ status: 'completed', winnerId: loser, outcome: 'forfeit' });
      const winnersFinal = t.play.all().find((one) => one.bracket === 'winners' && one.round === 2)!;
      expect(winnersFinal).toMatchObject({ status: 'completed', winnerId: match.winnerId, outcome: 'forfeit' });
    });

    it('with a withdrawal in the bracket as well: neither of the double forfeit drops to the losers’ bracket', () => {
      const t = start('double_elimination', 8);
      const [a, b] = who(t.byNumber(1));
      t.play.withdraw(who(t.byNumber(4))[1]!, { reason: 'withdrawn', afterMatchNumber: 0, voidResults: false, forfeitScore: null }, now);
      t.report(1, { outcome: 'double_forfeit' });
      t.report(2, { scores: [1, 0] });
      const losers = t.play.all().filter((match) => match.bracket === 'losers');
      expect(losers.some((match) => participantsOf(match).includes(a!) || participantsOf(match).includes(b!))).toBe(false);
    });

    it('corrected into a played result, takes the walkover back and the final is played', () => {
      const t = start('single_elimination', 4);
      t.report(1, { outcome: 'double_forfeit' });
      t.report(2, { scores: [2, 0] });
      expect(t.byNumber(3).status).toBe('completed');
      const corrected = t.report(1, { scores: [2, 1] });
      expect(corrected.cleared).toEqual([]);
      expect(t.byNumber(3)).toMatchObject({ status: 'ready', winnerId: null, outcome: null });
      expect(who(t.byNumber(3))).toEqual([who(t.byNumber(1))[0], who(t.byNumber(2))[0]]);
    });
  });
});
