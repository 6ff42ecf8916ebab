import fc from 'fast-check';
import { countingIds, randomReport, seededRandom, someParticipants } from '../testing/play-out';
import { bracketReached } from '../bracket/bracket-reached';
import { generateMatches } from '../play/generation';
import { FormatSettings, Match, MatchFormat, participantsOf } from '../match/match';
import { ResultReport } from '../match/report';
import { ReportOptions, TournamentPlay } from '../play/tournament-play';
import { WithdrawalTerms } from './withdrawals';

const now = new Date('2026-05-01T18:00:00.000Z');
const plain: ReportOptions = { resetDependents: false, tournamentCompleted: false, now };

function terms(overrides: Partial<WithdrawalTerms> = {}): WithdrawalTerms {
  return { reason: 'withdrawn', voidResults: false, forfeitScore: null, afterMatchNumber: 0, ...overrides };
}

function start(format: MatchFormat, count: number, rounds: number | null = null) {
  const settings: FormatSettings = { format, rounds };
  const participants = someParticipants(count);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const byNumber = (number: number) => play.all().find((match) => match.number === number)!;
  const report = (number: number, body: ResultReport, options: Partial<ReportOptions> = {}) =>
    play.report(byNumber(number).id, body, { ...plain, ...options });
  const first = (number: number, options: Partial<ReportOptions> = {}) => report(number, { scores: [1, 0] }, options);
  const second = (number: number, options: Partial<ReportOptions> = {}) => report(number, { scores: [0, 1] }, options);
  const lastNumber = () => Math.max(...play.all().map((match) => match.number));
  const withdraw = (id: string, overrides: Partial<WithdrawalTerms> = {}) => play.withdraw(id, terms({ afterMatchNumber: lastNumber(), ...overrides }), now);
  const row = (id: string) => play.standings().find((one) => one.participantId === id)!;
  return { play, byNumber, report, first, second, withdraw, row };
}

const who = (match: Match) => match.opponents.map((opponent) => opponent.participantId);
const results = (match: Match) => match.opponents.map((opponent) => opponent.result);

describe('withdrawals in single elimination (8 players: 1v8, 4v5, 2v7, 3v6)', () => {
  it('forfeits their ready match: the opponent advances on a forfeit win with no scores', () => {
    const t = start('single_elimination', 8);
    const changes = t.withdraw('p1');
    expect(t.byNumber(1)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p8' });
    expect(t.byNumber(1).opponents.map((opponent) => opponent.score)).toEqual([null, null]);
    expect(results(t.byNumber(1))).toEqual(['loss', 'win']);
    expect(who(t.byNumber(5))).toEqual(['p8', null]);
    expect(changes.updated.map((match) => match.number).sort()).toEqual([1, 5]);
  });

  it('takes a winner who leaves out of the next match while it waits, and forfeits it when the opponent arrives', () => {
    const t = start('single_elimination', 8);
    t.first(1); // p1 into match 5, waiting for 4v5
    t.withdraw('p1');
    expect(t.byNumber(5)).toMatchObject({ status: 'pending', opponents: [{ participantId: null }, { participantId: null }] });
    t.second(2); // p5 arrives
    expect(t.byNumber(5)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p5' });
    expect(who(t.byNumber(5))).toEqual(['p1', 'p5']);
    expect(who(t.byNumber(7))).toEqual(['p5', null]);
  });

  it('keeps a forfeit win when its winner leaves too: they reached the next match, and forfeit that one', () => {
    const t = start('single_elimination', 8);
    t.withdraw('p1');
    expect(t.byNumber(1)).toMatchObject({ outcome: 'forfeit', winnerId: 'p8' });
    t.withdraw('p8');
    expect(t.byNumber(1)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p8' });
    expect(who(t.byNumber(5))).toEqual([null, null]);
    t.first(2); // p4 arrives in match 5, which p8 forfeits
    expect(t.byNumber(5)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p4' });
    expect(who(t.byNumber(5))).toEqual(['p8', 'p4']);
    expect(results(t.byNumber(5))).toEqual(['loss', 'win']);
    expect(who(t.byNumber(7))).toEqual(['p4', null]);
  });

  it('lets the finalist who is left win the tournament', () => {
    const t = start('single_elimination', 4);
    t.first(1);
    t.first(2);
    const changes = t.withdraw('p1');
    expect(changes.complete).toBe(true);
    expect(t.byNumber(3)).toMatchObject({ outcome: 'forfeit', winnerId: 'p2' });
    expect(t.play.standings().slice(0, 2).map((row) => [row.participantId, row.rank])).toEqual([
      ['p2', 1],
      ['p1', 2],
    ]);
  });

  it('refuses to report a match decided by a withdrawal', () => {
    const t = start('single_elimination', 4);
    t.withdraw('p1');
    expect(() => t.first(1)).toThrow(expect.objectContaining({ code: 'match_not_ready' }));
  });
});

describe('a forfeit winner who then leaves (issue 45)', () => {
  it('4 players: S3 leaves, S1 beats S4, S2 leaves: S2 keeps the forfeit win, reached the final and forfeits it', () => {
    const t = start('single_elimination', 4); // 1: p1 v p4, 2: p2 v p3, 3: the final
    t.withdraw('p3');
    t.first(1);
    expect(t.byNumber(3)).toMatchObject({ status: 'ready' });
    const changes = t.withdraw('p2');
    expect(changes.complete).toBe(true);
    expect(t.byNumber(2)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p2' });
    expect(t.byNumber(3)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p1' });
    expect(who(t.byNumber(3))).toEqual(['p1', 'p2']);
    expect(changes.updated.map((match) => match.number)).toEqual([3]);
    expect(t.play.standings().map((row) => [row.participantId, row.rank])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p3', 3],
      ['p4', 3],
    ]);
    expect(bracketReached('single_elimination', t.play.all()).get('p2')).toBe('final');
  });

  it('8 players, mid-bracket: the semi-final a forfeit winner leaves lists them as its loser, and their forfeit win stands', () => {
    const t = start('single_elimination', 8); // 1: p1 v p8, 2: p4 v p5, 3: p2 v p7, 4: p3 v p6; 5, 6 semi-finals; 7 the final
    t.withdraw('p5');
    t.first(1);
    expect(who(t.byNumber(5))).toEqual(['p1', 'p4']);
    t.withdraw('p4');
    expect(t.byNumber(2)).toMatchObject({ outcome: 'forfeit', winnerId: 'p4' });
    expect(t.byNumber(5)).toMatchObject({ outcome: 'forfeit', winnerId: 'p1' });
    expect(who(t.byNumber(5))).toEqual(['p1', 'p4']);
    t.first(3);
    t.first(4);
    t.first(6);
    t.first(7);
    expect(t.play.isComplete()).toBe(true);
    expect(t.row('p4')).toMatchObject({ rank: 3, wins: 1, losses: 1 });
    expect(t.row('p5')).toMatchObject({ rank: 5 });
  });

  it('takes back the leaving of a forfeit winner who played on: only the match they left reopens', () => {
    const t = start('single_elimination', 8);
    t.withdraw('p5'); // p4 wins match 2 by forfeit
    t.first(1);
    t.second(5); // p4 beats p1
    t.first(3);
    t.first(4);
    t.first(6); // final: p4 v p2
    t.withdraw('p4');
    expect(t.byNumber(7)).toMatchObject({ outcome: 'forfeit', winnerId: 'p2' });
    const changes = t.play.reinstate('p4', now);
    expect(changes.updated.map((match) => match.number)).toEqual([7]);
    expect(t.byNumber(7)).toMatchObject({ status: 'ready', outcome: null });
    expect(who(t.byNumber(7))).toEqual(['p4', 'p2']);
    expect(t.byNumber(2)).toMatchObject({ outcome: 'forfeit', winnerId: 'p4' });
  });
});

describe('a bye holder who leaves before playing (issue 45)', () => {
  it.each([
    ['single_elimination', 'round 1'],
    ['double_elimination', 'winners round 1'],
  ] as const)('%s, 6 players: out in round 1 with the round-1 losers (still_in false, stage 1), their round-2 opponent walks over', (format, words) => {
    const t = start(format, 6);
    t.withdraw('p1'); // p1 had a bye into round 2, against the winner of p4 v p5
    const out = [
      { name: 'in_contention', value: false },
      ...(format === 'double_elimination' ? [{ name: 'undefeated', value: null }] : []),
      { name: 'stage_reached', value: 1 },
      { name: 'still_in', value: false },
    ];
    expect(t.row('p1').tiebreakers).toEqual(out);
    let guard = 0;
    while (!t.play.isComplete() && guard++ < 50) t.first(t.play.all().find((match) => match.status === 'ready')!.number);
    expect(t.play.isComplete()).toBe(true);
    const standings = t.play.standings();
    const p1 = standings.find((row) => row.participantId === 'p1')!;
    expect(p1.tiebreakers).toEqual(out);
    expect(bracketReached(format, t.play.all(), someParticipants(6)).get('p1')).toBe(words);
    const secondRound = t.play.all().find((match) => participantsOf(match).includes('p4') && match.round === 2 && match.bracket !== 'losers')!;
    expect(secondRound).toMatchObject({ outcome: 'forfeit', winnerId: 'p4' });
    expect(who(secondRound)).toEqual([null, 'p4']);
    if (format === 'single_elimination') {
      // p5 lost to p4 and p3 beat p6 in round 1: the round-1 losers share 4th place with p1.
      expect(standings.filter((row) => row.rank === 4).map((row) => row.participantId).sort()).toEqual(['p1', 'p5', 'p6']);
    } else {
      // Only a round-1 forfeit ranks as low: the round-1 losers went on in the losers' bracket.
      expect(p1.rank).toBe(6);
    }
  });

  it('a winner who leaves while their next match waits is no longer still in', () => {
    const t = start('single_elimination', 8);
    t.first(1);
    expect(t.row('p1').tiebreakers).toEqual([
      { name: 'in_contention', value: true },
      { name: 'stage_reached', value: 2 },
      { name: 'still_in', value: true },
    ]);
    t.withdraw('p1');
    expect(t.row('p1').tiebreakers).toEqual([
      { name: 'in_contention', value: false },
      { name: 'stage_reached', value: 1 },
      { name: 'still_in', value: false },
    ]);
  });
});

describe('withdrawals in double elimination (4 players)', () => {
  it('does not drop a player who left into the losers’ bracket: the losers’ opponent walks over', () => {
    const t = start('double_elimination', 4);
    t.withdraw('p1'); // match 1: p1 v p4
    t.first(2); // p2 beats p3, p3 drops into losers' round 1 against match 1's loser
    const losersFirst = t.play.all().find((match) => match.bracket === 'losers' && match.round === 1)!;
    expect(losersFirst).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p3' });
    expect(who(losersFirst)).toContain(null);
    expect(t.row('p1')).toMatchObject({ losses: 1 });
  });

  it('voids a match with nobody left to play it (one left, the other slot a forfeit’s loser); the next goes to whoever arrives', () => {
    const t = start('double_elimination', 4); // 1: p1 v p4, 2: p2 v p3, 3: winners' final, 4, 5: losers' rounds, 6: grand final
    t.withdraw('p1');
    t.first(2); // p3 drops into match 4 and walks over
    t.withdraw('p3'); // waiting in the losers' final
    t.withdraw('p2'); // the winners' final is p4's by forfeit: its loser's slot stays empty
    expect(t.byNumber(3)).toMatchObject({ outcome: 'forfeit', winnerId: 'p4' });
    expect(t.byNumber(5)).toMatchObject({ status: 'completed', outcome: 'void', winnerId: null });
    expect(who(t.byNumber(5))).toEqual(['p3', null]);
    expect(results(t.byNumber(5))).toEqual([null, null]);
    expect(t.byNumber(6)).toMatchObject({ status: 'completed', outcome: 'forfeit', winnerId: 'p4' });
    expect(who(t.byNumber(6))).toEqual(['p4', null]);
    expect(t.play.isComplete()).toBe(true);
  });

  it('gives the grand final to the losers’ champion when the winners’ champion leaves, with no reset', () => {
    const t = start('double_elimination', 4);
    [1, 2, 3, 4, 5].forEach((number) => t.first(number));
    const grandFinal = t.byNumber(6);
    const changes = t.withdraw(grandFinal.opponents[0].participantId!);
    expect(t.byNumber(6)).toMatchObject({ outcome: 'forfeit', winnerId: grandFinal.opponents[1].participantId });
    expect(changes.created).toEqual([]);
    expect(changes.complete).toBe(true);
  });
});

describe('withdrawals in round robin (4 players)', () => {
  it('forfeits their remaining matches as 0–0 wins without score difference; played results stand', () => {
    const t = start('round_robin', 4);
    const played = t.play.all().find((match) => participantsOf(match).includes('p1'))!;
    t.report(played.number, { scores: who(played)[0] === 'p1' ? [3, 1] : [1, 3] });
    t.withdraw('p1');
    const p1Matches = t.play.all().filter((match) => participantsOf(match).includes('p1'));
    expect(p1Matches.map((match) => match.outcome)).toEqual(p1Matches.map((match) => (match.id === played.id ? null : 'forfeit')));
    expect(t.row('p1')).toMatchObject({ wins: 1, losses: 2, points: 3 });
    const opponent = p1Matches.find((match) => match.id !== played.id)!.opponents.find((o) => o.participantId !== 'p1')!.participantId!;
    expect(t.row(opponent)).toMatchObject({ wins: 1, points: 3, scoreFor: 0, scoreAgainst: 0 });
  });

  it('records a forfeit score when the withdrawal sets one', () => {
    const t = start('round_robin', 4);
    t.withdraw('p1', { forfeitScore: [3, 0] });
    const forfeited = t.play.all().filter((match) => participantsOf(match).includes('p1'));
    for (const match of forfeited) {
      expect(match.opponents.find((o) => o.participantId === 'p1')).toMatchObject({ score: 0, result: 'loss' });
      expect(match.opponents.find((o) => o.participantId !== 'p1')).toMatchObject({ score: 3, result: 'win' });
    }
  });

  it('voids every match of a disqualified player with void_results, played ones included, and takes it back', () => {
    const t = start('round_robin', 4);
    const played = t.play.all().find((match) => participantsOf(match).includes('p1'))!;
    t.report(played.number, { scores: [2, 0] });
    t.withdraw('p1', { reason: 'disqualified', voidResults: true });
    expect(t.play.all().filter((match) => participantsOf(match).includes('p1')).map((match) => match.outcome)).toEqual(['void', 'void', 'void']);
    expect(t.row('p1')).toMatchObject({ played: 0, points: 0 });
    expect(t.byNumber(played.number).opponents.map((o) => o.score)).toEqual([2, 0]);
    t.play.reinstate('p1', now);
    expect(t.byNumber(played.number)).toMatchObject({ outcome: null, status: 'completed' });
    expect(t.play.all().filter((match) => participantsOf(match).includes('p1') && match.status === 'ready')).toHaveLength(2);
  });

  it('voids a match between two players who both left', () => {
    const t = start('round_robin', 4);
    t.withdraw('p1');
    t.withdraw('p2');
    const between = t.play.all().find((match) => participantsOf(match).includes('p1') && participantsOf(match).includes('p2'))!;
    expect(between).toMatchObject({ outcome: 'void', winnerId: null });
  });
});

describe('withdrawals in swiss (6 players, 3 rounds)', () => {
  it('forfeits their open match, stops pairing them, and keeps their games in the opponents’ Buchholz', () => {
    const t = start('swiss', 6, 3);
    t.first(1); // p1 beats p4
    t.withdraw('p1');
    t.first(2);
    const changes = t.first(3);
    const round2 = changes.created;
    expect(round2.length).toBeGreaterThan(0);
    expect(round2.flatMap(participantsOf)).not.toContain('p1');
    expect(round2).toHaveLength(3); // five still in: two pairs and a bye
    expect(t.row('p4').tiebreakers.find((tiebreaker) => tiebreaker.name === 'buchholz')!.value).toBe(1);
  });

  it('forfeits the current round’s match and pairs the next round once it is complete', () => {
    const t = start('swiss', 4, 2);
    t.first(1);
    const changes = t.withdraw(t.byNumber(2).opponents[0].participantId!);
    expect(t.byNumber(2)).toMatchObject({ outcome: 'forfeit' });
    expect(changes.created.length).toBe(2); // three still in: a pair and a bye
  });

  it('takes a withdrawal back while the rounds paired without them are unreported, and pairs again', () => {
    const t = start('swiss', 4, 3);
    t.first(1);
    t.withdraw('p2'); // round 1 match 2 is p2 v p4: forfeit, round 2 paired without p2
    const withoutP2 = t.play.all().filter((match) => match.round === 2);
    expect(withoutP2.flatMap(participantsOf)).not.toContain('p2');
    const changes = t.play.reinstate('p2', now);
    expect(changes.deleted.map((match) => match.id).sort()).toEqual(withoutP2.map((match) => match.id).sort());
    expect(t.byNumber(2)).toMatchObject({ status: 'ready', outcome: null, winnerId: null });
    expect(t.play.all().some((match) => match.round === 2)).toBe(false);
  });

  it('refuses to take it back once a round paired without them is reported', () => {
    const t = start('swiss', 4, 3);
    t.first(1);
    t.withdraw('p2');
    const round2 = t.play.all().find((match) => match.round === 2 && match.opponents.length === 2)!;
    t.first(round2.number);
    expect(() => t.play.reinstate('p2', now)).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
  });
});

describe('withdrawals in free-for-all (4 players, 2 rounds)', () => {
  it('ranks them last in the rounds reported after they left, from ranks of those still in', () => {
    const t = start('free_for_all', 4, 2);
    t.report(1, { ranks: [1, 2, 3, 4] });
    t.withdraw('p1');
    expect(() => t.report(2, { ranks: [1, 2, 3, 4] })).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    t.report(2, { ranks: [2, 1, 3] });
    expect(t.byNumber(2).opponents.map((o) => [o.participantId, o.rank])).toEqual([
      ['p1', 4],
      ['p2', 2],
      ['p3', 1],
      ['p4', 3],
    ]);
    expect(t.play.isComplete()).toBe(true);
  });

  it('decides a round with one player left in it', () => {
    const t = start('free_for_all', 3, 1);
    t.withdraw('p1');
    const changes = t.withdraw('p2');
    expect(changes.complete).toBe(true);
    expect(t.byNumber(1)).toMatchObject({ outcome: 'forfeit', winnerId: 'p3' });
  });
});

describe('corrections around a withdrawal', () => {
  it('reopens a completed tournament whose final was a forfeit only on request, and then the final is played', () => {
    const t = start('single_elimination', 4);
    t.first(1); // p1 beats p4
    t.withdraw('p1');
    t.first(2); // p2 beats p3, and wins the final by forfeit
    expect(t.play.isComplete()).toBe(true);
    expect(() => t.second(1, { tournamentCompleted: true })).toThrow(expect.objectContaining({ code: 'tournament_completed' }));
    expect(t.byNumber(3)).toMatchObject({ outcome: 'forfeit', winnerId: 'p2' });
    const changes = t.second(1, { tournamentCompleted: true, resetDependents: true }); // p4 beat p1 after all
    expect(changes.complete).toBe(false);
    expect(changes.cleared).toEqual([]);
    expect(t.byNumber(3)).toMatchObject({ status: 'ready', outcome: null });
    expect(who(t.byNumber(3))).toEqual(['p4', 'p2']);
  });
});

describe('taking a withdrawal back in elimination', () => {
  it('reopens their forfeit while nothing after it is reported', () => {
    const t = start('single_elimination', 8);
    t.withdraw('p1');
    t.play.reinstate('p1', now);
    expect(t.byNumber(1)).toMatchObject({ status: 'ready', outcome: null, winnerId: null });
    expect(who(t.byNumber(1))).toEqual(['p1', 'p8']);
    expect(who(t.byNumber(5))).toEqual([null, null]);
  });

  it('puts a winner back into the next match they were taken out of', () => {
    const t = start('single_elimination', 8);
    t.first(1);
    t.withdraw('p1');
    t.play.reinstate('p1', now);
    expect(who(t.byNumber(5))).toEqual(['p1', null]);
  });

  it('puts a top seed back into the match their bye took them to', () => {
    const t = start('single_elimination', 3); // p1 has a bye into the final
    t.withdraw('p1');
    expect(who(t.play.all().find((match) => match.round === 2)!)).toEqual([null, null]);
    t.play.reinstate('p1', now);
    expect(who(t.play.all().find((match) => match.round === 2)!)).toEqual(['p1', null]);
  });

  it('refuses while a match after their forfeit is reported', () => {
    const t = start('single_elimination', 8);
    t.withdraw('p1');
    t.first(2);
    t.first(5); // p8 beat p4 after the walkover
    expect(() => t.play.reinstate('p1', now)).toThrow(expect.objectContaining({ code: 'dependent_matches_reported' }));
    expect(t.byNumber(1)).toMatchObject({ outcome: 'forfeit' });
  });
});

/**
 * Any format, any size, players leaving (and some coming back) at random points of random play: nothing open
 * names a player who left, every ready match can be played, and the tournament always completes.
 */
describe('withdrawals property', () => {
  const formats: MatchFormat[] = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all'];

  function reportFor(format: MatchFormat, match: Match, gone: Set<string>, random: () => number): ResultReport {
    if (format !== 'free_for_all') return randomReport({ format, rounds: null }, match, random);
    const stillIn = match.opponents.filter((opponent) => !gone.has(opponent.participantId!)).length;
    const ranks = Array.from({ length: stillIn }, (_, index) => index + 1).sort(() => random() - 0.5);
    return { ranks };
  }

  function checkOpenMatches(play: TournamentPlay, gone: Set<string>): void {
    for (const match of play.all()) {
      if (match.status === 'completed') continue;
      // A free-for-all round keeps everyone listed (those who left are ranked last); a head-to-head match never waits on one.
      if (match.opponents.length <= 2) expect(participantsOf(match).filter((id) => gone.has(id))).toEqual([]);
      if (match.status === 'ready') {
        const stillIn = participantsOf(match).filter((id) => !gone.has(id));
        expect(stillIn.length).toBeGreaterThanOrEqual(2);
        if (match.opponents.length === 2) expect(stillIn).toHaveLength(2);
      }
    }
  }

  it.each(formats)('%s', (format) => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: format === 'round_robin' ? 10 : 24 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, seed) => {
        const random = seededRandom(seed);
        const rounds = format === 'swiss' ? Math.min(count - 1, 1 + Math.floor(random() * 4)) || 1 : format === 'free_for_all' ? 2 : null;
        const settings: FormatSettings = { format, rounds };
        const participants = someParticipants(count);
        const newId = countingIds();
        const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
        const gone = new Set<string>();
        let steps = 0;
        while (!play.isComplete()) {
          if (++steps > 10_000) throw new Error('no end in sight');
          const roll = random();
          const active = participants.filter((participant) => !gone.has(participant.id));
          if (roll < 0.08 && active.length > 0) {
            const leaving = active[Math.floor(random() * active.length)].id;
            const last = Math.max(...play.all().map((match) => match.number));
            play.withdraw(leaving, terms({ afterMatchNumber: last, voidResults: format === 'round_robin' && random() < 0.3 }), now);
            gone.add(leaving);
          } else if (roll < 0.1 && gone.size > 0) {
            const back = [...gone][Math.floor(random() * gone.size)];
            try {
              play.reinstate(back, now);
              gone.delete(back);
            } catch (error) {
              expect(error).toMatchObject({ code: 'dependent_matches_reported' });
            }
          } else {
            const ready = play.all().filter((match) => match.status === 'ready');
            if (ready.length === 0) throw new Error('stuck: nothing ready before the end');
            const match = ready[Math.floor(random() * ready.length)];
            play.report(match.id, reportFor(format, match, gone, random), plain);
          }
          checkOpenMatches(play, gone);
        }
        const standings = play.standings();
        expect(standings).toHaveLength(count);
        expect(standings[0].rank).toBe(1);
      }),
      { numRuns: 60 },
    );
  });
});
