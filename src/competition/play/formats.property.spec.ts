import fc from 'fast-check';
import { bracketSize } from '../bracket/elimination';
import { countingIds, playOut, ReadySet, seededRandom, someParticipants } from '../testing/play-out';
import { generateMatches } from './generation';
import { TooManySwissRoundsError } from '../match/match-errors';
import { defaultSwissRounds, FormatSettings, isBye, Match, MatchFormat, participantsOf } from '../match/match';
import { StandingRow } from '../ranking/standings';
import { TournamentPlay } from './tournament-play';

/**
 * Properties of every format over 2–130 participants and random results: the tournament always completes,
 * everyone plays the right number of matches, pairs do not meet again, byes go where §12 says, the final
 * ranking is a valid competition ranking, and replaying the same reports in another order changes nothing.
 */
const now = new Date('2026-05-01T18:00:00.000Z');
const sizes = fc.integer({ min: 2, max: 130 });
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

function pairCounts(matches: Match[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of matches) {
    if (match.opponents.length !== 2) continue;
    const key = participantsOf(match).sort().join('|');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function perParticipant(matches: Match[], count: (match: Match, participantId: string) => boolean): Map<string, number> {
  const totals = new Map<string, number>();
  for (const match of matches) {
    for (const id of participantsOf(match)) if (count(match, id)) totals.set(id, (totals.get(id) ?? 0) + 1);
  }
  return totals;
}

function expectValidRanking(standings: StandingRow[], count: number): void {
  expect(standings).toHaveLength(count);
  expect(standings[0].rank).toBe(1);
  standings.forEach((row, index) => {
    if (index > 0) expect([index + 1, standings[index - 1].rank]).toContain(row.rank);
  });
}

/** Replays the recorded reports in a different random order that the tournament allows, and returns the standings. */
function replay(settings: FormatSettings, count: number, reports: Map<string, unknown>, random: () => number): StandingRow[] {
  const participants = someParticipants(count);
  const newId = countingIds();
  const generated = generateMatches(settings, participants, newId, now);
  const play = new TournamentPlay(settings, participants, generated, newId);
  const ready = new ReadySet(generated);
  while (!play.isComplete()) {
    const match = ready.pick(random)!;
    const changes = play.report(match.id, reports.get(match.id)!, { resetDependents: false, tournamentCompleted: false, now });
    ready.update(changes.updated, changes.created, changes.deleted);
  }
  return play.standings();
}

function checkFormat(format: MatchFormat, check: (count: number, matches: Match[], standings: StandingRow[], created: Match[]) => void, runs: number) {
  fc.assert(
    fc.property(sizes, seeds, (count, seed) => {
      const settings: FormatSettings = { format, rounds: null };
      const { play, reports } = playOut(settings, someParticipants(count), seededRandom(seed));
      const matches = play.all();
      expect(matches.every((match) => match.status === 'completed')).toBe(true);
      const standings = play.standings();
      expectValidRanking(standings, count);
      check(count, matches, standings, matches);
      expect(replay(settings, count, reports, seededRandom(seed ^ 0x5bd1e995))).toEqual(standings);
    }),
    { numRuns: runs },
  );
}

describe('format properties (random fields of 2–130 and random results)', () => {
  it('single elimination: n − 1 matches, one loss each but the champion, byes to the top seeds, ranks 1, 2, 3, 5, 9, …', () => {
    checkFormat(
      'single_elimination',
      (count, matches, standings) => {
        expect(matches).toHaveLength(count - 1);
        expect([...pairCounts(matches).values()].every((times) => times === 1)).toBe(true);
        const losses = perParticipant(matches, (match, id) => match.winnerId !== id);
        expect(losses.size).toBe(count - 1);
        expect([...losses.values()].every((times) => times === 1)).toBe(true);
        const byes = someParticipants(count)
          .map((participant) => participant.id)
          .filter((id) => !matches.some((match) => match.round === 1 && participantsOf(match).includes(id)));
        expect(byes).toEqual(someParticipants(bracketSize(count) - count).map((participant) => participant.id));
        const allowedRanks = new Set([1, 2, ...Array.from({ length: 11 }, (_, k) => 2 ** k + 1)]);
        expect(standings.every((row) => allowedRanks.has(row.rank))).toBe(true);
        expect(standings[0].participantId).toBe(matches[matches.length - 1].winnerId);
      },
      40,
    );
  });

  it('double elimination: two losses out, pairs meet at most twice plus a reset, the reset only when the losers’ finalist wins', () => {
    checkFormat(
      'double_elimination',
      (count, matches, standings) => {
        const grandFinal = matches.find((match) => match.bracket === 'grand_final' && match.round === 1)!;
        const reset = matches.find((match) => match.bracket === 'grand_final' && match.round === 2);
        expect(Boolean(reset)).toBe(grandFinal.winnerId === grandFinal.opponents[1].participantId);
        expect(matches).toHaveLength(2 * count - 2 + (reset ? 1 : 0));
        const champion = standings[0].participantId;
        expect(champion).toBe((reset ?? grandFinal).winnerId);
        const losses = perParticipant(matches, (match, id) => match.winnerId !== id);
        for (const { id } of someParticipants(count)) expect(losses.get(id) ?? 0).toBe(id === champion ? (reset ? 1 : 0) : 2);
        const finalists = participantsOf(grandFinal).sort().join('|');
        for (const [pair, times] of pairCounts(matches)) expect(times).toBeLessThanOrEqual(pair === finalists && reset ? 3 : 2);
        expect(standings[1].rank).toBe(2);
      },
      30,
    );
  });

  it('round robin: everyone meets everyone exactly once, and sits out once per round when the count is odd', () => {
    checkFormat(
      'round_robin',
      (count, matches) => {
        expect(matches).toHaveLength((count * (count - 1)) / 2);
        const pairs = pairCounts(matches);
        expect(pairs.size).toBe(matches.length);
        const rounds = new Set(matches.map((match) => match.round)).size;
        expect(rounds).toBe(count % 2 === 0 ? count - 1 : count);
        for (let round = 1; round <= rounds; round++) {
          const playing = matches.filter((match) => match.round === round).flatMap(participantsOf);
          expect(new Set(playing).size).toBe(playing.length);
          expect(playing.length).toBe(count - (count % 2));
        }
      },
      15,
    );
  });

  it('swiss: ⌈log2 n⌉ rounds, one match a round each, no rematch, at most one bye each, to the lowest ranked without one', () => {
    checkFormat(
      'swiss',
      (count, matches) => {
        const rounds = defaultSwissRounds(count);
        expect(Math.max(...matches.map((match) => match.round))).toBe(rounds);
        const played = perParticipant(matches, () => true);
        for (const { id } of someParticipants(count)) expect(played.get(id)).toBe(rounds);
        expect([...pairCounts(matches).values()].every((times) => times === 1)).toBe(true);
        const byes = matches.filter(isBye);
        expect(byes).toHaveLength(count % 2 === 1 ? rounds : 0);
        expect(new Set(byes.map((match) => match.winnerId)).size).toBe(byes.length);
        const round1Bye = byes.find((match) => match.round === 1);
        if (round1Bye) expect(round1Bye.winnerId).toBe(`p${count}`);
        for (let round = 1; round <= rounds; round++) {
          const ids = matches.filter((match) => match.round === round).flatMap(participantsOf);
          expect(new Set(ids).size).toBe(count);
        }
      },
      30,
    );
  });

  it('free-for-all: one match a round holding everyone, points n − rank + 1', () => {
    fc.assert(
      fc.property(sizes, seeds, fc.integer({ min: 1, max: 5 }), (count, seed, rounds) => {
        const settings: FormatSettings = { format: 'free_for_all', rounds };
        const { play } = playOut(settings, someParticipants(count), seededRandom(seed));
        const matches = play.all();
        expect(matches).toHaveLength(rounds);
        for (const match of matches) expect(participantsOf(match).sort()).toEqual(someParticipants(count).map((p) => p.id).sort());
        const standings = play.standings();
        expectValidRanking(standings, count);
        const totalPoints = standings.reduce((sum, row) => sum + row.points, 0);
        expect(totalPoints).toBe((rounds * count * (count + 1)) / 2);
      }),
      { numRuns: 30 },
    );
  });
});

/** Every slot fed by a match holds that match's winner (or loser) once it is reported, and nobody before. */
function expectLinksConsistent(matches: Match[]): void {
  const byId = new Map(matches.map((match) => [match.id, match]));
  for (const match of matches) {
    const loser = match.opponents.find((opponent) => opponent.participantId !== match.winnerId)?.participantId ?? null;
    for (const [target, slot, who] of [
      [match.nextMatchId, match.nextSlot, match.winnerId],
      [match.loserNextMatchId, match.loserNextSlot, loser],
    ] as const) {
      if (target === null) continue;
      const next = byId.get(target)!;
      expect(next.opponents[slot!].participantId).toBe(match.status === 'completed' ? who : null);
    }
  }
}

describe('corrections with reset_dependents (random corrections while playing)', () => {
  it.each(['single_elimination', 'double_elimination', 'swiss'] as const)('%s stays consistent and still completes', (format) => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), seeds, (count, seed) => {
        const random = seededRandom(seed);
        const settings: FormatSettings = { format, rounds: null };
        const participants = someParticipants(count);
        const newId = countingIds();
        const generated = generateMatches(settings, participants, newId, now);
        const play = new TournamentPlay(settings, participants, generated, newId);
        const ready = new ReadySet(generated);
        let corrections = 0;
        while (!play.isComplete()) {
          const completed = corrections < 5 && random() < 0.15 ? play.all().filter((match) => match.status === 'completed' && !isBye(match)) : [];
          const correcting = completed.length > 0;
          const match = correcting ? completed[Math.floor(random() * completed.length)] : ready.pick(random)!;
          if (correcting) corrections++;
          const [a, b] = match.opponents;
          const winnerFirst = random() < 0.5;
          const changes = play.report(match.id, { scores: winnerFirst ? [2, 1] : [1, 2] }, { resetDependents: true, tournamentCompleted: false, now });
          ready.update(changes.updated, changes.created, changes.deleted);
          expect(changes.match.winnerId).toBe((winnerFirst ? a : b).participantId);
          if (correcting) expectLinksConsistent(play.all());
        }
        expectLinksConsistent(play.all());
        const matches = play.all();
        if (format === 'single_elimination') expect(matches).toHaveLength(count - 1);
        if (format === 'swiss') expect([...pairCounts(matches).values()].every((times) => times === 1)).toBe(true);
        expectValidRanking(play.standings(), count);
      }),
      { numRuns: 25 },
    );
  });
});

describe('swiss with as many rounds as the field allows (n − 1)', () => {
  it('refuses to start with more rounds than opponents', () => {
    expect(() => generateMatches({ format: 'swiss', rounds: 4 }, someParticipants(4), countingIds(), now)).toThrow(TooManySwissRoundsError);
    expect(generateMatches({ format: 'swiss', rounds: 3 }, someParticipants(4), countingIds(), now)).toHaveLength(2);
  });

  it('still completes with everyone in every round, and has no rematch while rounds ≤ seats / 2 (where one always exists)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 12 }), seeds, (count, wanted, seed) => {
        const rounds = Math.min(wanted, count - 1);
        const settings: FormatSettings = { format: 'swiss', rounds };
        const { play } = playOut(settings, someParticipants(count), seededRandom(seed));
        const matches = play.all();
        expect(Math.max(...matches.map((match) => match.round))).toBe(rounds);
        const played = perParticipant(matches, () => true);
        for (const { id } of someParticipants(count)) expect(played.get(id)).toBe(rounds);
        // A field of n (plus an empty seat when odd) has n − 1 (or n) rematch-free rounds at most.
        const seats = count + (count % 2);
        if (rounds <= Math.floor(seats / 2)) expect([...pairCounts(matches).values()].every((times) => times === 1)).toBe(true);
        expectValidRanking(play.standings(), count);
      }),
      { numRuns: 40 },
    );
  });
});
