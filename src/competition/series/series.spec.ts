import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from '../play/generation';
import { FormatSettings, Match } from '../match/match';
import { ResultReport } from '../match/report';
import { bestOfFor, bracketRoundsFor, isDecided } from './series';
import { ReportOptions, TournamentPlay } from '../play/tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

function start(settings: FormatSettings, count: number) {
  const participants = someParticipants(count);
  const newId = countingIds();
  const full = { ...settings, bracketRounds: bracketRoundsFor(count) };
  const play = new TournamentPlay(full, participants, generateMatches(full, participants, newId, now), newId);
  const byNumber = (number: number) => play.all().find((match) => match.number === number)!;
  const report = (number: number, body: ResultReport, options: Partial<ReportOptions> = {}) => play.report(byNumber(number).id, body, { ...plain, ...options });
  return { play, byNumber, report, settings: full };
}

/** Games each won by the slot given (0 or 1), in order. */
const games = (...winners: number[]) => winners.map((slot) => ({ scores: slot === 0 ? [11, 7] : [7, 11] }));
const who = (match: Match) => match.opponents.map((opponent) => opponent.participantId);

describe('series completion, every best_of', () => {
  // For each best_of: the games a clean sweep takes, and what a series of alternating games does.
  it.each([1, 3, 5, 7, 9])('best of %i in single elimination: decided after a sweep of ⌈n/2⌉ games, never level, no game after', (bestOf) => {
    const needed = Math.ceil(bestOf / 2);
    const t = start({ format: 'single_elimination', rounds: null, bestOf }, 4);
    for (let played = 1; played < needed; played++) {
      expect(t.report(1, { games: games(...Array(played).fill(0)) }).match).toMatchObject({ status: 'in_progress', winnerId: null });
    }
    const sweep = t.report(1, { games: games(...Array(needed).fill(0)) });
    expect(sweep.match).toMatchObject({ status: 'completed', winnerId: 'p1' });
    expect(sweep.match.opponents.map((opponent) => opponent.score)).toEqual([needed, 0]);
    // The longest series: the sides take turns, and the last game decides it.
    const t2 = start({ format: 'single_elimination', rounds: null, bestOf }, 4);
    const longest = Array.from({ length: bestOf }, (_, index) => index % 2);
    expect(t2.report(1, { games: games(...longest) }).match).toMatchObject({ status: 'completed', winnerId: 'p1' });
    // One game too many, after a sweep or after the longest series, is refused at that game.
    expect(() => start({ format: 'single_elimination', rounds: null, bestOf }, 4).report(1, { games: games(...Array(needed + 1).fill(0)) })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: `/games/${needed}`, detail: expect.stringMatching(/decided after/) }] }),
    );
    expect(() => start({ format: 'single_elimination', rounds: null, bestOf }, 4).report(1, { games: games(...longest, 0) })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: `/games/${Math.min(bestOf, needed * 2 - 1)}`, detail: expect.any(String) }] }),
    );
  });

  it.each([2, 4, 6, 8])('best of %i in round robin: every game is played unless one side already has more than half; level is a draw', (bestOf) => {
    const t = start({ format: 'round_robin', rounds: null, bestOf }, 4);
    const level = Array.from({ length: bestOf }, (_, index) => index % 2);
    expect(t.report(1, { games: games(...level.slice(0, -1)) }).match.status).toBe('in_progress');
    const drawn = t.report(1, { games: games(...level) }).match;
    expect(drawn).toMatchObject({ status: 'completed', winnerId: null });
    expect(drawn.opponents.map((opponent) => [opponent.score, opponent.result])).toEqual([
      [bestOf / 2, 'draw'],
      [bestOf / 2, 'draw'],
    ]);
    const sweep = start({ format: 'round_robin', rounds: null, bestOf }, 4).report(1, { games: games(...Array(bestOf / 2 + 1).fill(1)) }).match;
    expect(sweep).toMatchObject({ status: 'completed', winnerId: who(sweep)[1] });
  });

  it('isDecided: more than half of best_of, or every game played', () => {
    const table: [number[], number, number, boolean][] = [
      [[1, 0], 1, 1, true],
      [[1, 0], 1, 3, false],
      [[2, 0], 2, 3, true],
      [[1, 1], 2, 2, true],
      [[1.5, 0.5], 2, 4, false],
      [[2.5, 0.5], 3, 4, true],
      [[2, 2], 4, 5, false],
      [[1.5, 1.5], 3, 3, true],
    ];
    for (const [won, played, bestOf, decided] of table) expect([won, played, bestOf, isDecided(won, played, bestOf)]).toEqual([won, played, bestOf, decided]);
  });
});

describe('chess: two games with half points', () => {
  const chess: FormatSettings = { format: 'round_robin', rounds: null, bestOf: 2 };

  it('counts a drawn game as half each; 1.5–0.5 is a win, 1–1 a draw', () => {
    const t = start(chess, 4);
    const [a, b] = who(t.byNumber(1));
    const won = t.report(1, { games: [{ scores: [0.5, 0.5] }, { scores: [1, 0] }] }).match;
    expect(won).toMatchObject({ status: 'completed', winnerId: a });
    expect(won.opponents.map((opponent) => opponent.score)).toEqual([1.5, 0.5]);
    expect(won.games).toEqual([
      { scores: [0.5, 0.5], winnerId: null },
      { scores: [1, 0], winnerId: a },
    ]);
    const drawn = t.report(2, { games: [{ scores: [1, 0] }, { scores: [0, 1] }] }).match;
    expect(drawn).toMatchObject({ status: 'completed', winnerId: null });
    // A game whose score does not decide: its winner_id does (an armageddon, a forfeited game).
    const second = who(t.byNumber(3))[1];
    const decided = t.report(3, { games: [{ scores: [0.5, 0.5] }, { scores: [0.5, 0.5], winner_id: second }] }).match;
    expect(decided).toMatchObject({ winnerId: second });
    expect(decided.opponents.map((opponent) => opponent.score)).toEqual([0.5, 1.5]);
    expect(b).not.toBe(a);
  });
});

describe('per-round best_of', () => {
  it('names bracket rounds from the final back, numbers any round, and the rest take the default', () => {
    const t = start({ format: 'single_elimination', rounds: null, thirdPlaceMatch: true, bestOf: { default: 3, rounds: { final: 7, semi_final: 5, '1': 1 } } }, 16);
    const of = (bracket: string, round: number) => bestOfFor(t.settings, t.play.all().find((match) => match.bracket === bracket && match.round === round)!);
    expect([of('main', 1), of('main', 2), of('main', 3), of('main', 4), of('third_place', 4)]).toEqual([1, 3, 5, 7, 7]);
  });

  it('names the grand final in double elimination and the winners’ side from its final; the losers’ side by number', () => {
    const t = start({ format: 'double_elimination', rounds: null, bestOf: { default: 1, rounds: { grand_final: 5, final: 3, '2': 9 } } }, 8);
    const of = (bracket: string, round: number) => bestOfFor(t.settings, t.play.all().find((match) => match.bracket === bracket && match.round === round)!);
    expect([of('winners', 1), of('winners', 2), of('winners', 3), of('losers', 1), of('losers', 2), of('grand_final', 1)]).toEqual([1, 9, 3, 1, 9, 5]);
  });

  it('a final played to 5 needs three games where the first round needed one', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: { default: 1, rounds: { final: 5 } } }, 4);
    t.report(1, { games: games(0) });
    t.report(2, { games: games(1) });
    expect(t.report(3, { games: games(0, 0) }).match.status).toBe('in_progress');
    const final = t.report(3, { games: games(0, 0, 1, 0) }).match;
    expect(final).toMatchObject({ status: 'completed', winnerId: who(final)[0] });
    expect(final.games).toHaveLength(4);
    expect(t.play.isComplete()).toBe(true);
  });
});

describe('game by game', () => {
  it('keeps the match in_progress with the games won as its scores, moves nobody on, then moves the winner on when decided', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: 3 }, 4);
    const first = t.report(1, { games: games(1) });
    expect(first.match).toMatchObject({ status: 'in_progress', winnerId: null, completedAt: null });
    expect(first.match.opponents.map((opponent) => [opponent.score, opponent.result])).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(first.updated.map((match) => match.number)).toEqual([1]);
    expect(who(t.byNumber(3))).toEqual([null, null]);
    const decided = t.report(1, { games: games(1, 0, 1) });
    expect(decided.match).toMatchObject({ status: 'completed', winnerId: who(t.byNumber(1))[1] });
    expect(who(t.byNumber(3))[0]).toBe(who(t.byNumber(1))[1]);
  });

  it('refuses a winner_id with games that do not decide the series', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: 5 }, 4);
    expect(() => t.report(1, { games: games(0, 0), winnerId: 'p1' })).toThrow(expect.objectContaining({ fieldProblems: [{ pointer: '/winner_id', detail: expect.stringMatching(/not decided \(2–0 after 2 games of best of 5\)/) }] }));
  });

  it('refuses to take a completed series back to in_progress', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: 3 }, 4);
    t.report(1, { games: games(0, 0) });
    expect(() => t.report(1, { games: games(0) })).toThrow(expect.objectContaining({ fieldProblems: [{ pointer: '/games', detail: expect.stringMatching(/must decide the series/) }] }));
  });
});

describe('bad games, each at its pointer and changing nothing', () => {
  const p1 = 'p1';
  it.each([
    ['a game with three scores', 'single_elimination', 5, { games: [{ scores: [11, 7] }, { scores: [11, 7, 3] }] }, '/games/1/scores'],
    ['a winner that is not an opponent', 'single_elimination', 5, { games: [{ scores: [1, 1], winner_id: 'p99' }] }, '/games/0/winner_id'],
    ['a negative score', 'round_robin', 5, { games: [{ scores: [11, -2] }] }, '/games/0/scores/1'],
    ['a seventh game in a best of five', 'single_elimination', 5, { games: games(0, 1, 0, 1, 0, 1, 0) }, '/games/5'],
    ['a game that is not an object', 'swiss', 3, { games: [[11, 7]] }, '/games/0'],
    ['an unknown field in a game', 'swiss', 3, { games: [{ scores: [1, 0], map: 'Inferno' }] }, '/games/0/map'],
    ['a level game without winner in a bracket', 'single_elimination', 3, { games: [{ scores: [5, 5] }] }, '/games/0/winner_id'],
    ['a winner with the lower game score', 'single_elimination', 3, { games: [{ scores: [5, 7], winner_id: p1 }] }, '/games/0/winner_id'],
    ['scores that contradict the games', 'single_elimination', 3, { games: games(0, 0), scores: [2, 1] }, '/scores'],
    ['no games at all', 'round_robin', 3, { games: [] }, '/games'],
  ] as const)('refuses %s', (_, format, bestOf, body, pointer) => {
    const t = start({ format, rounds: null, bestOf }, 4);
    const before = t.play.all();
    expect(() => t.report(1, body as unknown as ResultReport)).toThrow(expect.objectContaining({ code: 'validation_failed', fieldProblems: [expect.objectContaining({ pointer })] }));
    expect(t.play.all()).toEqual(before);
  });

  it('refuses games in a free-for-all', () => {
    const t = start({ format: 'free_for_all', rounds: null }, 4);
    expect(() => t.report(1, { games: games(0) })).toThrow(expect.objectContaining({ fieldProblems: [{ pointer: '/games', detail: expect.stringMatching(/ranks, not as games/) }] }));
  });
});

describe('correcting one game', () => {
  it('that changes the winner refuses while a dependent is reported, and with reset_dependents clears it and moves the new winner on', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: 3 }, 4);
    const [a, b] = who(t.byNumber(1));
    t.report(1, { games: games(0, 1, 0) });
    t.report(2, { games: games(0, 0) });
    t.report(3, { games: games(0, 0) });
    expect(() => t.report(1, { games: games(0, 1, 1) })).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
    const corrected = t.report(1, { games: games(0, 1, 1) }, { resetDependents: true });
    expect(corrected.match).toMatchObject({ winnerId: b, status: 'completed' });
    expect(corrected.cleared.map((match) => match.number)).toEqual([3]);
    expect(who(t.byNumber(3))[0]).toBe(b);
    expect(t.byNumber(3)).toMatchObject({ status: 'ready', games: [], winnerId: null });
    expect(a).not.toBe(b);
  });

  it('also counts a series under way downstream as a dependent to clear', () => {
    const t = start({ format: 'single_elimination', rounds: null, bestOf: 3 }, 4);
    t.report(1, { games: games(0, 0) });
    t.report(2, { games: games(0, 0) });
    t.report(3, { games: games(1) });
    expect(() => t.report(1, { games: games(1, 1) })).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
    const corrected = t.report(1, { games: games(1, 1) }, { resetDependents: true });
    expect(corrected.cleared.map((match) => match.number)).toEqual([3]);
    expect(t.byNumber(3)).toMatchObject({ status: 'ready', games: [] });
    expect(t.byNumber(3).opponents.map((opponent) => opponent.score)).toEqual([null, null]);
  });
});
