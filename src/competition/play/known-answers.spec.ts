import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from './generation';
import { FormatSettings, Match, participantsOf } from '../match/match';
import { ResultReport } from '../match/report';
import { TournamentPlay } from './tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');

function start(settings: FormatSettings, count: number) {
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const between = (a: string, b: string): Match => {
    const found = play
      .all()
      .reverse()
      .find((match) => match.status !== 'pending' && participantsOf(match).sort().join() === [a, b].sort().join());
    if (!found) throw new Error(`no playable match ${a} v ${b}`);
    return found;
  };
  /** Reports `winner` beating `loser` (scores in the match's opponents order). */
  const beat = (winner: string, loser: string, score: [number, number] = [1, 0]) => {
    const match = between(winner, loser);
    const scores = match.opponents[0].participantId === winner ? score : [score[1], score[0]];
    return play.report(match.id, { scores }, { resetDependents: false, tournamentCompleted: false, now });
  };
  const report = (a: string, b: string, scores: [number, number]) => {
    const match = between(a, b);
    const ordered = match.opponents[0].participantId === a ? scores : [scores[1], scores[0]];
    return play.report(match.id, { scores: ordered } satisfies ResultReport, { resetDependents: false, tournamentCompleted: false, now });
  };
  const pairings = (filter: (match: Match) => boolean = () => true) =>
    play
      .all()
      .filter(filter)
      .map((match) => `${match.number}:${match.bracket}/${match.round} ${match.opponents.map((o) => o.participantId ?? '?').join(' v ')}`);
  const ranks = () => Object.fromEntries(play.standings().map((row) => [row.participantId, row.rank]));
  return { play, beat, report, pairings, ranks };
}

describe('single elimination, 8 players', () => {
  it('pairs by standard seeding, moves winners on and ranks 1, 2, 3, 3, 5, 5, 5, 5', () => {
    const t = start({ format: 'single_elimination', rounds: null }, 8);
    expect(t.pairings()).toEqual([
      '1:main/1 p1 v p8',
      '2:main/1 p4 v p5',
      '3:main/1 p2 v p7',
      '4:main/1 p3 v p6',
      '5:main/2 ? v ?',
      '6:main/2 ? v ?',
      '7:main/3 ? v ?',
    ]);
    t.beat('p1', 'p8');
    t.beat('p5', 'p4');
    t.beat('p2', 'p7');
    t.beat('p3', 'p6');
    expect(t.pairings((match) => match.round === 2)).toEqual(['5:main/2 p1 v p5', '6:main/2 p2 v p3']);
    t.beat('p1', 'p5');
    t.beat('p3', 'p2');
    expect(t.play.isComplete()).toBe(false);
    t.beat('p3', 'p1');
    expect(t.play.isComplete()).toBe(true);
    expect(t.ranks()).toEqual({ p3: 1, p1: 2, p5: 3, p2: 3, p4: 5, p8: 5, p7: 5, p6: 5 });
  });

  it('gives byes to the top seeds, without a match', () => {
    const t = start({ format: 'single_elimination', rounds: null }, 5);
    expect(t.pairings()).toEqual(['1:main/1 p4 v p5', '2:main/2 p1 v ?', '3:main/2 p2 v p3', '4:main/3 ? v ?']);
  });
});

describe('round robin, 6 teams', () => {
  it('uses the circle method and breaks a points tie head to head, before score difference', () => {
    const t = start({ format: 'round_robin', rounds: null }, 6);
    expect(t.play.all()).toHaveLength(15);
    expect(new Set(t.play.all().map((match) => match.round)).size).toBe(5);
    // A (p1) and B (p2) both finish on 12 points; B beat A, A has the far better score difference.
    for (const other of ['p3', 'p4', 'p5', 'p6']) t.report('p1', other, [5, 0]);
    for (const other of ['p1', 'p3', 'p4', 'p5']) t.report('p2', other, [1, 0]);
    t.report('p6', 'p2', [1, 0]);
    t.report('p3', 'p4', [2, 1]);
    t.report('p3', 'p5', [1, 1]);
    t.report('p6', 'p3', [1, 0]);
    t.report('p4', 'p5', [0, 0]);
    t.report('p6', 'p4', [2, 0]);
    t.report('p5', 'p6', [1, 0]);
    expect(t.play.isComplete()).toBe(true);
    const table = t.play.standings().map((row) => [row.rank, row.participantId, row.points, ...row.tiebreakers.map((tb) => tb.value)]);
    expect(table).toEqual([
      [1, 'p2', 12, 3, 3, 4, 2],
      [2, 'p1', 12, 0, 19, 20, 1],
      [3, 'p6', 9, 0, -2, 4, 6],
      [4, 'p5', 5, 0, -5, 2, 5],
      [5, 'p3', 4, 0, -6, 3, 3],
      [6, 'p4', 1, 0, -9, 1, 4],
    ]);
    expect(t.play.standings()[0].tiebreakers.map((tb) => tb.name)).toEqual(['head_to_head_points', 'score_difference', 'score_for', 'seed']);
  });

  it('sits one participant out each round when the count is odd', () => {
    const t = start({ format: 'round_robin', rounds: null }, 5);
    const rounds = new Map<number, string[]>();
    for (const match of t.play.all()) rounds.set(match.round, [...(rounds.get(match.round) ?? []), ...participantsOf(match)]);
    expect(rounds.size).toBe(5);
    for (const players of rounds.values()) expect(players).toHaveLength(4);
  });
});

describe('single elimination with a third-place match, 8 players', () => {
  it('sends the semi-final losers to the third-place match, played before the final, and ranks 1, 2, 3, 4, 5, 5, 5, 5', () => {
    const t = start({ format: 'single_elimination', rounds: null, thirdPlaceMatch: true }, 8);
    expect(t.pairings((match) => match.round === 3)).toEqual(['7:third_place/3 ? v ?', '8:main/3 ? v ?']);
    t.beat('p1', 'p8');
    t.beat('p5', 'p4');
    t.beat('p2', 'p7');
    t.beat('p3', 'p6');
    t.beat('p1', 'p5');
    t.beat('p3', 'p2');
    expect(t.pairings((match) => match.round === 3)).toEqual(['7:third_place/3 p5 v p2', '8:main/3 p1 v p3']);
    t.beat('p3', 'p1');
    expect(t.play.isComplete()).toBe(false);
    t.beat('p5', 'p2');
    expect(t.play.isComplete()).toBe(true);
    expect(t.ranks()).toEqual({ p3: 1, p1: 2, p5: 3, p2: 4, p4: 5, p6: 5, p7: 5, p8: 5 });
  });

  it('has none with 3 players: one semi-final is a bye, so there is no second loser', () => {
    const t = start({ format: 'single_elimination', rounds: null, thirdPlaceMatch: true }, 3);
    expect(t.pairings()).toEqual(['1:main/1 p2 v p3', '2:main/2 p1 v ?']);
  });
});

describe('swiss, 7 players', () => {
  it('pairs top half against bottom half, gives the bye to the lowest ranked without one, and pairs in score groups', () => {
    const t = start({ format: 'swiss', rounds: null }, 7);
    expect(t.pairings()).toEqual(['1:main/1 p1 v p4', '2:main/1 p2 v p5', '3:main/1 p3 v p6', '4:main/1 p7']);
    expect(t.play.all()[3]).toMatchObject({ status: 'completed', winnerId: 'p7', opponents: [{ participantId: 'p7', result: 'win' }] });
    t.beat('p1', 'p4');
    t.beat('p2', 'p5');
    expect(t.play.all()).toHaveLength(4); // no placeholders: round 2 is paired once round 1 is complete
    t.beat('p3', 'p6');
    expect(t.pairings((match) => match.round === 2)).toEqual(['5:main/2 p1 v p3', '6:main/2 p2 v p7', '7:main/2 p4 v p5', '8:main/2 p6']);
    t.beat('p1', 'p3');
    t.beat('p2', 'p7');
    t.report('p4', 'p5', [2, 2]);
    const round3 = t.pairings((match) => match.round === 3);
    expect(round3).toEqual(['9:main/3 p1 v p2', '10:main/3 p3 v p7', '11:main/3 p6 v p4', '12:main/3 p5']);
    t.beat('p1', 'p2');
    t.beat('p3', 'p7');
    t.beat('p6', 'p4');
    expect(t.play.isComplete()).toBe(true);
    const rows = t.play.standings().map((row) => [row.participantId, row.points, row.tiebreakers.map((tb) => tb.value)]);
    // p1 met p4 (0.5 points), p3 (2) and p2 (2), and beat all three.
    expect(rows[0]).toEqual(['p1', 3, [4.5, 4.5, 1]]);
  });
});

describe('double elimination, 4 players', () => {
  const bracket = [
    '1:winners/1 p1 v p4',
    '2:winners/1 p2 v p3',
    '3:winners/2 ? v ?',
    '4:losers/1 ? v ?',
    '5:losers/2 ? v ?',
    '6:grand_final/1 ? v ?',
  ];

  function throughLosersFinal() {
    const t = start({ format: 'double_elimination', rounds: null }, 4);
    expect(t.pairings()).toEqual(bracket);
    t.beat('p1', 'p4');
    t.beat('p2', 'p3');
    t.beat('p1', 'p2');
    t.beat('p3', 'p4');
    t.beat('p2', 'p3');
    expect(t.pairings((match) => match.bracket === 'grand_final')).toEqual(['6:grand_final/1 p1 v p2']);
    return t;
  }

  it('ends at the grand final when the winners’ bracket champion wins it', () => {
    const t = throughLosersFinal();
    t.beat('p1', 'p2');
    expect(t.play.all()).toHaveLength(6);
    expect(t.play.isComplete()).toBe(true);
    expect(t.ranks()).toEqual({ p1: 1, p2: 2, p3: 3, p4: 4 });
  });

  it('creates one reset match only when the losers’ bracket finalist wins the grand final', () => {
    const t = throughLosersFinal();
    const changes = t.beat('p2', 'p1');
    expect(changes.created).toHaveLength(1);
    expect(t.pairings((match) => match.bracket === 'grand_final')).toEqual(['6:grand_final/1 p1 v p2', '7:grand_final/2 p1 v p2']);
    expect(t.play.isComplete()).toBe(false);
    t.beat('p2', 'p1');
    expect(t.play.isComplete()).toBe(true);
    expect(t.ranks()).toEqual({ p2: 1, p1: 2, p3: 3, p4: 4 });
  });
});
