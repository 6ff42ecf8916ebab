import fc from 'fast-check';
import { countingIds, randomReport, ReadySet, seededRandom, someParticipants } from '../testing/play-out';
import { FormatSettings, Match } from '../match/match';
import { ResultReport } from '../match/report';
import { generateMatches } from './generation';
import { onwardTargets, reportAlongLinks } from './report-along-links';
import { TournamentPlay } from './tournament-play';

const now = new Date('2026-05-01T18:00:00.000Z');
const options = { resetDependents: false, tournamentCompleted: false, now };

/** What the repository reads for a report along links: the targets and every match that feeds one of them. */
function nearbyOf(matches: Match[], targets: string[]): Match[] {
  const wanted = new Set(targets);
  return matches.filter((match) => wanted.has(match.id) || wanted.has(match.nextMatchId!) || wanted.has(match.loserNextMatchId!));
}

/** Forfeits and double forfeits among the results, so walkovers (which reach past the links) happen too. */
function someReport(settings: FormatSettings, match: Match, random: () => number): ResultReport {
  const roll = random();
  if (roll < 0.08) return { outcome: 'double_forfeit' };
  if (roll < 0.15) return { outcome: 'forfeit', winnerId: match.opponents[random() < 0.5 ? 0 : 1].participantId! };
  return randomReport(settings, match, random);
}

/**
 * Plays brackets out with every report made twice: on every match, and along its links where the format allows.
 * The second must give the same changes, or null (and then the first reached past the links).
 */
function checkAgainstWholePlay(settings: FormatSettings, runs: number): void {
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 70 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, seed) => {
      const random = seededRandom(seed);
      const participants = someParticipants(count);
      const wholeIds = countingIds();
      const generated = generateMatches(settings, participants, wholeIds, now);
      const play = new TournamentPlay(settings, participants, generated, wholeIds);
      const ready = new ReadySet(generated);
      let along = 0;
      let reports = 0;
      let doubleForfeits = false;
      while (!play.isComplete()) {
        const match = ready.pick(random)!;
        const report = someReport(settings, match, random);
        if (report.outcome === 'double_forfeit') doubleForfeits = true;
        const targets = onwardTargets(settings, match);
        const local = targets && reportAlongLinks(settings, nearbyOf(play.all(), targets), match.id, report, options, () => 'never-used');
        const changes = play.report(match.id, report, options);
        reports++;
        if (local) {
          along++;
          expect(local).toEqual(changes);
        } else if (targets) {
          // Null only when the report did reach past its links.
          const reachedPast = changes.complete || changes.created.length > 0 || changes.updated.some((one) => one.id !== match.id && one.status === 'completed');
          expect(reachedPast).toBe(true);
        }
        ready.update(changes.updated, changes.created, changes.deleted);
      }
      // Without a double forfeit, a first-round report goes along the links (no walkover follows from it).
      if (count >= 4 && !doubleForfeits) expect(along).toBeGreaterThan(0);
      expect(along).toBeLessThan(reports);
    }),
    { numRuns: runs },
  );
}

describe('a first result reported along its links (on the matches around it)', () => {
  it('single elimination: the same changes as a report on the whole bracket', () => {
    checkAgainstWholePlay({ format: 'single_elimination', rounds: null }, 60);
  });

  it('single elimination with a third-place match: the same changes', () => {
    checkAgainstWholePlay({ format: 'single_elimination', rounds: null, thirdPlaceMatch: true }, 40);
  });

  it('double elimination (byes that send no loser, walkovers, the grand final and its reset): the same changes', () => {
    checkAgainstWholePlay({ format: 'double_elimination', rounds: null }, 60);
  });

  it('is not offered for a correction, a final, a grand final or a format that pairs rounds', () => {
    const settings: FormatSettings = { format: 'single_elimination', rounds: null };
    const bracket = generateMatches(settings, someParticipants(4), countingIds(), now);
    const [semi] = bracket.filter((match) => match.status === 'ready');
    const final = bracket.find((match) => match.nextMatchId === null)!;
    expect(onwardTargets(settings, semi)).toEqual([semi.nextMatchId]);
    expect(onwardTargets(settings, { ...semi, status: 'completed' })).toBeNull();
    expect(onwardTargets(settings, { ...final, status: 'ready' })).toBeNull();
    expect(onwardTargets({ format: 'double_elimination', rounds: null }, { ...semi, bracket: 'grand_final', status: 'ready' })).toBeNull();
    expect(onwardTargets({ format: 'swiss', rounds: 3 }, semi)).toBeNull();
    expect(onwardTargets({ format: 'round_robin', rounds: null }, semi)).toBeNull();
  });
});
