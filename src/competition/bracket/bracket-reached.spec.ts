import { countingIds, someParticipants } from '../testing/play-out';
import { generateMatches } from '../play/generation';
import { participantsOf } from '../match/match';
import { bracketReached } from './bracket-reached';
import { TournamentPlay } from '../play/tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');

describe('bracket reached, in words', () => {
  it('says where each double-elimination player is midway: the winners’ or losers’ round they are in or went out of', () => {
    const settings = { format: 'double_elimination' as const, rounds: null };
    const participants = someParticipants(8);
    const newId = countingIds();
    const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
    // Winners' round 1: the top four seeds win; then winners' round 2 and losers' round 1.
    const beat = (winner: string, loser: string) => {
      const match = play.all().find((m) => m.status === 'ready' && participantsOf(m).includes(winner) && participantsOf(m).includes(loser))!;
      play.report(match.id, { scores: match.opponents[0].participantId === winner ? [1, 0] : [0, 1] }, { resetDependents: false, tournamentCompleted: false, now });
    };
    beat('p1', 'p8');
    beat('p4', 'p5');
    beat('p2', 'p7');
    beat('p3', 'p6');
    beat('p1', 'p4');
    beat('p8', 'p5');
    const reached = bracketReached('double_elimination', play.all());
    expect(reached.get('p1')).toBe('winners round 3');
    expect(reached.get('p2')).toBe('winners round 2');
    expect(reached.get('p4')).toBe('losers round 2');
    expect(reached.get('p8')).toBe('losers round 2');
    expect(reached.get('p5')).toBe('losers round 1');
  });

  it('names the final and the third-place match in single elimination, and nothing in other formats', () => {
    const settings = { format: 'single_elimination' as const, rounds: null, thirdPlaceMatch: true };
    const participants = someParticipants(4);
    const newId = countingIds();
    const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
    for (const match of play.all().filter((m) => m.round === 1)) {
      play.report(match.id, { scores: [1, 0] }, { resetDependents: false, tournamentCompleted: false, now });
    }
    const reached = bracketReached('single_elimination', play.all());
    expect(Object.fromEntries(reached)).toEqual({ p1: 'final', p2: 'final', p3: 'third-place match', p4: 'third-place match' });
    expect(bracketReached('round_robin', play.all()).size).toBe(0);
  });
});
