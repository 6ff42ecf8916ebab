import { effectiveRules, TiebreakerName } from '../rules/competition-rules';
import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from '../play/generation';
import { FormatSettings } from '../match/match';
import { ResultReport } from '../match/report';
import { ReportOptions, TournamentPlay } from '../play/tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

/** A round robin of three (p1, p2, p3) whose results are given by pair, games from the first-named side. */
function roundRobin(bestOf: number, tiebreakers: TiebreakerName[], results: Record<string, ResultReport>) {
  const rules = { ...effectiveRules('round_robin', { points: null, tiebreakers, legs: null })! };
  const settings: FormatSettings = { format: 'round_robin', rounds: null, rules, bestOf };
  const participants = someParticipants(3);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  for (const match of play.all()) {
    const [a, b] = match.opponents.map((opponent) => opponent.participantId!);
    const given = results[`${a}-${b}`];
    const flipped = results[`${b}-${a}`];
    const body = given ?? flipped;
    const turn = (scores: number[]) => (given ? scores : [scores[1], scores[0]]);
    play.report(match.id, { ...body, ...(body.games ? { games: (body.games as { scores: number[] }[]).map((game) => ({ ...game, scores: turn(game.scores) })) } : {}), ...(body.scores ? { scores: turn(body.scores) } : {}) }, plain);
  }
  return play.standings();
}

const valuesOf = (rows: ReturnType<typeof roundRobin>) =>
  Object.fromEntries(rows.map((row) => [row.participantId, Object.fromEntries(row.tiebreakers.map((tiebreaker) => [tiebreaker.name, tiebreaker.value]))]));

describe('game tiebreakers, against a hand-computed table', () => {
  // Table tennis, best of five; everyone won once (3 points each):
  //   p1 v p2 3–2: 11–9, 9–11, 11–9, 8–11, 11–5   (points 50–45)
  //   p2 v p3 3–0: 11–3, 11–3, 11–3              (points 33–9)
  //   p3 v p1 3–1: 11–9, 11–9, 9–11, 11–9        (points 42–38)
  // games won–lost: p1 4–5 (−1), p2 5–3 (+2), p3 3–4 (−1)
  // points within games: p1 50−45 + 38−42 = +1, p2 45−50 + 33−9 = +19, p3 9−33 + 42−38 = −20
  const tableTennis = {
    'p1-p2': { games: [{ scores: [11, 9] }, { scores: [9, 11] }, { scores: [11, 9] }, { scores: [8, 11] }, { scores: [11, 5] }] },
    'p2-p3': { games: [{ scores: [11, 3] }, { scores: [11, 3] }, { scores: [11, 3] }] },
    'p3-p1': { games: [{ scores: [11, 9] }, { scores: [11, 9] }, { scores: [9, 11] }, { scores: [11, 9] }] },
  };

  it('game_difference, games_won and game_score_difference take these values', () => {
    const rows = roundRobin(5, ['game_difference', 'games_won', 'game_score_difference', 'seed'], tableTennis);
    expect(valuesOf(rows)).toEqual({
      p1: { game_difference: -1, games_won: 4, game_score_difference: 1, seed: 1 },
      p2: { game_difference: 2, games_won: 5, game_score_difference: 19, seed: 2 },
      p3: { game_difference: -1, games_won: 3, game_score_difference: -20, seed: 3 },
    });
    expect(rows.map((row) => [row.participantId, row.points, row.gamesWon, row.gamesLost])).toEqual([
      ['p2', 3, 5, 3],
      ['p1', 3, 4, 5],
      ['p3', 3, 3, 4],
    ]);
  });

  it('order the table: game difference ties p1 and p3, points within games split them; games won alone gives the same order', () => {
    expect(roundRobin(5, ['game_difference', 'game_score_difference'], tableTennis).map((row) => [row.participantId, row.rank])).toEqual([
      ['p2', 1],
      ['p1', 2],
      ['p3', 3],
    ]);
    // Head-to-head first: the three beat each other in a cycle (3 points each among them), so games decide.
    expect(roundRobin(5, ['head_to_head_points', 'games_won'], tableTennis).map((row) => row.participantId)).toEqual(['p2', 'p1', 'p3']);
  });

  it('chess, two games: a drawn game is half each, a result without games is one game, a forfeit has none', () => {
    // p1 v p2: 1–0 and ½–½ (1.5–0.5); p2 v p3: p2 wins by forfeit (no games); p3 v p1: reported as one drawn result, 1–1.
    const rows = roundRobin(2, ['games_won', 'game_difference'], {
      'p1-p2': { games: [{ scores: [1, 0] }, { scores: [0.5, 0.5] }] },
      'p2-p3': { outcome: 'forfeit', winnerId: 'p2' },
      'p3-p1': { scores: [1, 1] },
    });
    expect(valuesOf(rows)).toEqual({
      p1: { games_won: 2, game_difference: 1, seed: 1 },
      p2: { games_won: 0.5, game_difference: -1, seed: 2 },
      p3: { games_won: 0.5, game_difference: 0, seed: 3 },
    });
    expect(rows.find((row) => row.participantId === 'p2')).toMatchObject({ gamesWon: 0.5, gamesLost: 1.5 });
  });

  it('leaves the games columns out of a tournament of single games', () => {
    const [row] = roundRobin(1, ['games_won'], { 'p1-p2': { scores: [11, 7] }, 'p2-p3': { scores: [11, 7] }, 'p3-p1': { scores: [11, 7] } });
    expect(row.gamesWon).toBeUndefined();
    expect(row.tiebreakers[0]).toEqual({ name: 'games_won', value: 1 });
  });
});
