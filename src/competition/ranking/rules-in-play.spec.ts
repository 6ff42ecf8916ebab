import fc from 'fast-check';
import { CompetitionRules, effectiveRules, TiebreakerName } from '../rules/competition-rules';
import { countingIds, randomReport, seededRandom, someParticipants } from '../testing/play-out';
import { doubleRoundRobinPairings } from '../formats/round-robin/double-round-robin';
import { generateMatches } from '../play/generation';
import { FormatSettings, Match, participantsOf } from '../match/match';
import { computeStandings } from './standings';

const now = new Date('2026-05-01T18:00:00.000Z');

function roundRobin(rules: Partial<CompetitionRules> = {}): FormatSettings {
  return { format: 'round_robin', rounds: null, rules: { ...effectiveRules('round_robin', { points: null, tiebreakers: null, legs: null })!, ...rules } };
}

/** A completed two-opponent match with `a` scoring `scoreA` and `b` scoring `scoreB`. */
function result(id: string, a: string, b: string, scoreA: number, scoreB: number): Match {
  const outcome = (mine: number, theirs: number) => (mine > theirs ? 'win' : mine < theirs ? 'loss' : 'draw');
  return {
    id,
    number: Number(id.slice(1)),
    round: 1,
    bracket: 'main',
    status: 'completed',
    opponents: [
      { participantId: a, score: scoreA, rank: null, result: outcome(scoreA, scoreB) },
      { participantId: b, score: scoreB, rank: null, result: outcome(scoreB, scoreA) },
    ],
    winnerId: scoreA > scoreB ? a : scoreB > scoreA ? b : null,
    nextMatchId: null,
    nextSlot: null,
    loserNextMatchId: null,
    loserNextSlot: null,
    stage: null,
    group: null,
    homeParticipantId: null,
    completedAt: now,
    outcome: null,
    games: [],
    reportedOutcome: null,
  decider: null,
  };
}

/**
 * A 4-team group (p1 A, p2 B, p3 C, p4 D) where A, B and C finish on 6 points: A 3-0 B, B 2-0 C, C 1-0 A, and each
 * beats D (A 1-0, B 1-0, C 5-0). Among the three: 3 points each (a cycle); score difference A +2, B -1, C -1.
 * Overall score difference: A +3, B 0, C +4.
 */
const GROUP = [
  result('m1', 'p1', 'p2', 3, 0),
  result('m2', 'p2', 'p3', 2, 0),
  result('m3', 'p3', 'p1', 1, 0),
  result('m4', 'p1', 'p4', 1, 0),
  result('m5', 'p2', 'p4', 1, 0),
  result('m6', 'p3', 'p4', 5, 0),
];
const UEFA: TiebreakerName[] = ['head_to_head_points', 'head_to_head_score_difference', 'head_to_head_score_for', 'score_difference', 'score_for', 'seed'];

describe('tiebreakers: a 4-team group with three teams level on points', () => {
  it('head to head separates A, then is re-applied to B and C alone (B beat C), although C has the better overall difference', () => {
    const table = computeStandings(roundRobin({ tiebreakers: UEFA }), someParticipants(4), GROUP);
    expect(table.map((row) => [row.participantId, row.rank, row.points])).toEqual([
      ['p1', 1, 6],
      ['p2', 2, 6],
      ['p3', 3, 6],
      ['p4', 4, 0],
    ]);
    const shown = (id: string) => Object.fromEntries(table.find((row) => row.participantId === id)!.tiebreakers.map((one) => [one.name, one.value]));
    // Among the three A, B and C every team took 3 points; among B and C alone, B took 3 and C none.
    expect(shown('p1')).toMatchObject({ head_to_head_points: 3, head_to_head_score_difference: 2, score_difference: 3 });
    expect(shown('p2')).toMatchObject({ head_to_head_points: 3, head_to_head_score_difference: -1, score_difference: 0 });
    expect(shown('p3')).toMatchObject({ head_to_head_points: 0, head_to_head_score_difference: -1, score_difference: 4 });
  });

  it('the same results under goal-difference-first rules give C, A, B', () => {
    const rules = roundRobin({ tiebreakers: ['score_difference', 'head_to_head_points', 'score_for', 'seed'] });
    const table = computeStandings(rules, someParticipants(4), GROUP);
    expect(table.map((row) => row.participantId)).toEqual(['p3', 'p1', 'p2', 'p4']);
    expect(table[0].tiebreakers[0]).toEqual({ name: 'score_difference', value: 4 });
  });

  it('scores by the tournament’s points: 2 for a win makes a draw-heavy team drop below', () => {
    const matches = [result('m1', 'p1', 'p2', 1, 1), result('m2', 'p1', 'p3', 1, 1), result('m3', 'p2', 'p3', 1, 0)];
    const threeForAWin = computeStandings(roundRobin(), someParticipants(3), matches);
    expect(threeForAWin.map((row) => [row.participantId, row.points])).toEqual([
      ['p2', 4],
      ['p1', 2],
      ['p3', 1],
    ]);
    const twoForAWinAndOneAndAHalfForADraw = computeStandings(roundRobin({ points: { win: 2, draw: 1.5, loss: 0 } }), someParticipants(3), matches);
    expect(twoForAWinAndOneAndAHalfForADraw.map((row) => [row.participantId, row.points])).toEqual([
      ['p2', 3.5],
      ['p1', 3],
      ['p3', 1.5],
    ]);
  });

  it('rows nothing separates share a rank (unseeded, identical records)', () => {
    const table = computeStandings(roundRobin(), someParticipants(2, false), [result('m1', 'p1', 'p2', 1, 1)]);
    expect(table.map((row) => row.rank)).toEqual([1, 1]);
  });
});

describe('swiss tiebreakers', () => {
  it('Buchholz cut 1 drops the weakest opponent; Sonneborn-Berger counts beaten opponents and half the drawn', () => {
    const settings: FormatSettings = {
      format: 'swiss',
      rounds: 2,
      rules: { points: { win: 1, draw: 0.5, loss: 0 }, tiebreakers: ['buchholz', 'buchholz_cut1', 'sonneborn_berger', 'seed'], legs: 1 },
    };
    // p1 beats p2, draws p3; p2 beats p4; p3 beats p4 … points: p1 1.5, p2 1, p3 1.5, p4 0.
    const matches = [result('m1', 'p1', 'p2', 1, 0), result('m2', 'p3', 'p4', 1, 0), result('m3', 'p1', 'p3', 0, 0), result('m4', 'p2', 'p4', 1, 0)];
    const table = computeStandings(settings, someParticipants(4), matches);
    const p1 = Object.fromEntries(table.find((row) => row.participantId === 'p1')!.tiebreakers.map((one) => [one.name, one.value]));
    const p3 = Object.fromEntries(table.find((row) => row.participantId === 'p3')!.tiebreakers.map((one) => [one.name, one.value]));
    expect(p1).toEqual({ buchholz: 2.5, buchholz_cut1: 1.5, sonneborn_berger: 1 + 0.75, seed: 1 });
    expect(p3).toEqual({ buchholz: 1.5, buchholz_cut1: 1.5, sonneborn_berger: 0 + 0.75, seed: 3 });
    expect(table.map((row) => row.participantId)).toEqual(['p1', 'p3', 'p2', 'p4']);
  });
});

/** Each participant's home (H) and away (A) matches, in round order (sitting out skipped). */
function venues(rounds: [number, number][][], count: number): string[] {
  const sequences = Array.from({ length: count }, () => '');
  for (const pairs of rounds) {
    for (const [home, away] of pairs) {
      sequences[home] += 'H';
      sequences[away] += 'A';
    }
  }
  return sequences;
}

/** Times a participant plays at the same venue as in their previous match (a round they sit out skipped). */
function repeats(sequence: string): number {
  let count = 0;
  for (let i = 1; i < sequence.length; i++) if (sequence[i] === sequence[i - 1]) count++;
  return count;
}

function longestRun(sequence: string): number {
  return Math.max(...(sequence.match(/H+|A+/g) ?? ['']).map((run) => run.length));
}

describe('double round robin (legs: 2)', () => {
  it('20 participants: 380 matches, every ordered pair once, a perfect pairing each round, never three home or away in a row', () => {
    const participants = someParticipants(20);
    const matches = generateMatches(roundRobin({ legs: 2 }), participants, countingIds(), now);
    expect(matches).toHaveLength(380);
    const ordered = new Set(matches.map((match) => `${match.opponents[0].participantId}>${match.opponents[1].participantId}`));
    expect(ordered.size).toBe(380);
    for (const match of matches) expect(match.homeParticipantId).toBe(match.opponents[0].participantId);
    const rounds = new Map<number, Match[]>();
    for (const match of matches) rounds.set(match.round, [...(rounds.get(match.round) ?? []), match]);
    expect(rounds.size).toBe(38);
    for (const roundMatches of rounds.values()) {
      expect(roundMatches).toHaveLength(10);
      expect(new Set(roundMatches.flatMap(participantsOf)).size).toBe(20);
    }
    const sequences = new Map(participants.map((participant) => [participant.id, '']));
    for (const match of [...matches].sort((a, b) => a.round - b.round)) {
      const [home, away] = participantsOf(match);
      sequences.set(home, sequences.get(home) + 'H');
      sequences.set(away, sequences.get(away) + 'A');
    }
    for (const sequence of sequences.values()) {
      expect(sequence).toHaveLength(38);
      expect(longestRun(sequence)).toBeLessThanOrEqual(2);
    }
  });

  it('the second half mirrors the first with homes swapped', () => {
    const rounds = doubleRoundRobinPairings(6);
    expect(rounds).toHaveLength(10);
    for (let round = 0; round < 5; round++) expect(rounds[round + 5]).toEqual(rounds[round].map(([home, away]) => [away, home]));
  });

  it('for every field size from 2 to 41: each pair meets once at each home, one sits out a round when odd, runs of at most two (three only at 4)', () => {
    for (let count = 2; count <= 41; count++) {
      const rounds = doubleRoundRobinPairings(count);
      expect(rounds).toHaveLength(count % 2 === 0 ? 2 * (count - 1) : 2 * count);
      const ordered = new Set(rounds.flat().map(([home, away]) => `${home}>${away}`));
      expect(ordered.size).toBe(count * (count - 1));
      for (const pairs of rounds) {
        const seated = pairs.flat();
        expect(new Set(seated).size).toBe(seated.length);
        expect(seated.length).toBe(count % 2 === 0 ? count : count - 1);
      }
      const worst = Math.max(...venues(rounds, count).map(longestRun));
      expect(worst).toBeLessThanOrEqual(count === 4 ? 3 : 2);
    }
  });

  it('for every field size from 4 to 40, the repeats docs/matches.md states: per participant in each half, and in all', () => {
    for (let count = 4; count <= 40; count++) {
      const rounds = doubleRoundRobinPairings(count);
      const half = rounds.length / 2;
      const even = count % 2 === 0;
      // Even n: two participants alternate throughout a half, two repeat once, the other n − 4 twice; odd n: two
      // alternate, n − 2 repeat once.
      const perParticipant = even ? [0, 0, 1, 1, ...Array<number>(count - 4).fill(2)] : [0, 0, ...Array<number>(count - 2).fill(1)];
      for (const part of [rounds.slice(0, half), rounds.slice(half)]) {
        expect(venues(part, count).map(repeats).sort((a, b) => a - b)).toEqual(perParticipant);
      }
      // The halves meet with one more repeat for two participants.
      const total = venues(rounds, count).map(repeats).reduce((sum, one) => sum + one, 0);
      expect(total).toBe(even ? 4 * count - 10 : 2 * count - 2);
    }
  });
});

describe('standings do not depend on the order results were reported in', () => {
  const tiebreakerLists: TiebreakerName[][] = [
    ['head_to_head_points', 'score_difference', 'score_for', 'seed'],
    UEFA,
    ['score_difference', 'head_to_head_score_difference', 'wins', 'seed'],
    ['wins', 'head_to_head_score_for', 'head_to_head_points', 'seed'],
  ];
  const swissLists: TiebreakerName[][] = [
    ['buchholz', 'sonneborn_berger', 'seed'],
    ['buchholz_cut1', 'head_to_head_points', 'score_difference', 'seed'],
  ];

  function shuffled<T>(items: T[], random: () => number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  function completed(settings: FormatSettings, count: number, random: () => number): Match[] {
    return generateMatches(settings, someParticipants(count, random() < 0.5), countingIds(), now).map((match) => {
      const report = randomReport(settings, match, random);
      const scores = report.scores ?? [1, 1];
      const winner = report.winnerId === undefined ? null : match.opponents.findIndex((opponent) => opponent.participantId === report.winnerId);
      const adjusted = winner === null ? scores : winner === 0 ? [Math.max(scores[0], scores[1] + 1), scores[1]] : [scores[0], Math.max(scores[1], scores[0] + 1)];
      return result(match.id, match.opponents[0].participantId!, match.opponents[1].participantId!, adjusted[0], adjusted[1]);
    });
  }

  it('round robin, one or two legs, any tiebreaker list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 3 }), fc.boolean(), (count, seed, list, twoLegs) => {
        const random = seededRandom(seed);
        const settings = roundRobin({ tiebreakers: tiebreakerLists[list], legs: twoLegs ? 2 : 1, points: { win: 3, draw: 1, loss: 0 } });
        const matches = completed(settings, count, random);
        const participants = someParticipants(count);
        const reference = computeStandings(settings, participants, matches);
        for (let again = 0; again < 3; again++) expect(computeStandings(settings, participants, shuffled(matches, random))).toEqual(reference);
      }),
      { numRuns: 60 },
    );
  });

  it('swiss tiebreakers over a set of results', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 1 }), (count, seed, list) => {
        const random = seededRandom(seed);
        const settings: FormatSettings = { format: 'swiss', rounds: null, rules: { points: { win: 1, draw: 0.5, loss: 0 }, tiebreakers: swissLists[list], legs: 1 } };
        // Results of a round robin's pairs stand in for several swiss rounds: what matters is the set, not how it was paired.
        const matches = completed(roundRobin(), count, random);
        const participants = someParticipants(count);
        const reference = computeStandings(settings, participants, matches);
        for (let again = 0; again < 3; again++) expect(computeStandings(settings, participants, shuffled(matches, random))).toEqual(reference);
      }),
      { numRuns: 40 },
    );
  });
});
