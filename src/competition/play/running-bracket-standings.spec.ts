import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from './generation';
import { FormatSettings, MatchFormat, participantsOf } from '../match/match';
import { TournamentPlay } from './tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');

function start(format: MatchFormat, count: number, thirdPlaceMatch = false) {
  const settings: FormatSettings = { format, rounds: null, thirdPlaceMatch };
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  /** Reports the ready match of this bracket and round with the lowest number, won by its first opponent. */
  const win = (bracket: string, round: number) => {
    const match = play
      .all()
      .filter((one) => one.status === 'ready' && one.bracket === bracket && one.round === round)
      .sort((a, b) => a.number - b.number)[0];
    play.report(match.id, { scores: [2, 0] }, { resetDependents: false, tournamentCompleted: false, now });
    return participantsOf(match) as [string, string];
  };
  const ranks = () => new Map(play.standings().map((row) => [row.participantId, row.rank]));
  return { play, win, ranks };
}

describe('standings of a running bracket (issue 42): where each participant still stands', () => {
  it('double elimination of 16, six round-1 results in: the six winners, then the four yet to play, then the six with a loss', () => {
    const t = start('double_elimination', 16);
    const played = Array.from({ length: 6 }, () => t.win('winners', 1));
    const ranks = t.ranks();
    const winners = played.map(([winner]) => winner);
    const losers = played.map(([, loser]) => loser);
    const waiting = [...ranks.keys()].filter((id) => !winners.includes(id) && !losers.includes(id));
    expect(waiting).toHaveLength(4);
    expect(winners.map((id) => ranks.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(waiting.map((id) => ranks.get(id))).toEqual([7, 7, 7, 7]);
    expect(losers.map((id) => ranks.get(id))).toEqual([11, 11, 11, 11, 11, 11]);
  });

  it('double elimination: one still in the losers’ bracket is above one out, who is ranked by how far they got', () => {
    const t = start('double_elimination', 8);
    for (let i = 0; i < 4; i++) t.win('winners', 1);
    const [stillIn, out] = t.win('losers', 1);
    const row = (id: string) => t.play.standings().find((one) => one.participantId === id)!;
    expect(row(stillIn).rank).toBeLessThan(row(out).rank);
    expect(row(stillIn).tiebreakers.map(({ name, value }) => [name, value])).toEqual([
      ['in_contention', true],
      ['undefeated', false],
      ['stage_reached', 3],
      ['still_in', true],
    ]);
    expect(row(out).tiebreakers[1]).toEqual({ name: 'undefeated', value: null });
    // The two still waiting for their losers' round 1 match are above the one it put out.
    const waitingInLosers = t.play
      .all()
      .filter((match) => match.bracket === 'losers' && match.round === 1 && match.status === 'ready')
      .flatMap((match) => participantsOf(match) as string[]);
    for (const id of waitingInLosers) expect(row(id).rank).toBeLessThan(row(out).rank);
  });

  it('single elimination of 8: a player yet to play round 1 is above a semi-final loser, who is out', () => {
    const t = start('single_elimination', 8);
    t.win('main', 1);
    t.win('main', 1);
    const [, semiFinalLoser] = t.win('main', 2);
    const ranks = t.ranks();
    const notPlayed = t.play
      .all()
      .filter((match) => match.round === 1 && match.status === 'ready')
      .flatMap((match) => participantsOf(match) as string[]);
    expect(notPlayed).toHaveLength(4);
    for (const id of notPlayed) expect(ranks.get(id)).toBeLessThan(ranks.get(semiFinalLoser)!);
  });

  it('single elimination with a third-place match, complete: final ranks 1, 2, 3, 4 by how far each got, whoever is still in', () => {
    const t = start('single_elimination', 4, true);
    const [a, b] = t.win('main', 1);
    const [c, d] = t.win('main', 1);
    const [third, fourth] = t.win('third_place', 2);
    expect([third, fourth].sort()).toEqual([b, d].sort());
    const [champion, runnerUp] = t.win('main', 2);
    expect([champion, runnerUp].sort()).toEqual([a, c].sort());
    expect(t.play.isComplete()).toBe(true);
    const ranks = t.ranks();
    expect([champion, runnerUp, third, fourth].map((id) => ranks.get(id))).toEqual([1, 2, 3, 4]);
  });
});
