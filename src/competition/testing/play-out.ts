import { FormatSettings, Match, SeededParticipant } from '../match/match';
import { formatOf } from '../formats/registry';
import { generateMatches } from '../play/generation';
import { ResultReport } from '../match/report';
import { TournamentPlay } from '../play/tournament-play';

/** Participants p1…pn in seeding order, seeded 1…n (or unseeded when `seeded` is false). */
export function someParticipants(count: number, seeded = true): SeededParticipant[] {
  return Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, seed: seeded ? index + 1 : null }));
}

/** Ids m1, m2, … in creation order: the same reports create the same ids, whatever order they come in. */
export function countingIds(): () => string {
  let next = 0;
  return () => `m${++next}`;
}

/** A small seeded random source, so a failing property replays exactly. */
export { seededRandom } from '../../kernel/seeded-random';

export function randomReport(settings: FormatSettings, match: Match, random: () => number): ResultReport {
  const size = match.opponents.length;
  const format = formatOf(settings.format);
  if (format.reportsRanks) {
    const ranks = Array.from({ length: size }, (_, index) => index + 1);
    for (let i = size - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
    }
    return { ranks };
  }
  const scores = [Math.floor(random() * 4), Math.floor(random() * 4)];
  if (scores[0] === scores[1] && !format.drawsAllowed) return { scores, winnerId: match.opponents[random() < 0.5 ? 0 : 1].participantId! };
  if (random() < 0.1) return { winnerId: match.opponents[random() < 0.5 ? 0 : 1].participantId! };
  return { scores };
}

export interface PlayedTournament {
  play: TournamentPlay;
  /** Every report made, by match id, in the order made. */
  reports: Map<string, ResultReport>;
  /** Each match as it was when it was created (generated, or paired later). */
  created: Match[];
}

/**
 * Plays a tournament to its end: each step reports one ready match picked at random, with `decide`'s result.
 * Fails (throws) if the tournament gets stuck with nothing ready before it completes.
 */
export function playOut(
  settings: FormatSettings,
  participants: SeededParticipant[],
  random: () => number,
  decide: (match: Match) => ResultReport = (match) => randomReport(settings, match, random),
): PlayedTournament {
  const newId = countingIds();
  const now = new Date('2026-05-01T18:00:00.000Z');
  const generated = generateMatches(settings, participants, newId, now);
  const play = new TournamentPlay(settings, participants, generated, newId);
  const created = [...generated];
  const reports = new Map<string, ResultReport>();
  const ready = new ReadySet(generated);
  while (!play.isComplete()) {
    const match = ready.pick(random);
    if (!match) throw new Error(`stuck: nothing ready after ${reports.size} reports`);
    const report = decide(match);
    reports.set(match.id, report);
    const changes = play.report(match.id, report, { resetDependents: false, tournamentCompleted: false, now });
    created.push(...changes.created);
    ready.update(changes.updated, changes.created, changes.deleted);
  }
  return { play, reports, created };
}

/** The matches that can be reported now, kept up to date from each report's changes; picks one at random in O(1). */
export class ReadySet {
  private readonly list: Match[] = [];
  private readonly index = new Map<string, number>();

  constructor(matches: Match[]) {
    this.update(matches, [], []);
  }

  pick(random: () => number): Match | undefined {
    return this.list.length === 0 ? undefined : this.list[Math.floor(random() * this.list.length)];
  }

  update(updated: Match[], created: Match[], deleted: Match[]): void {
    for (const match of deleted) this.drop(match.id);
    for (const match of [...updated, ...created]) {
      this.drop(match.id);
      if (match.status === 'ready') {
        this.index.set(match.id, this.list.length);
        this.list.push(match);
      }
    }
  }

  private drop(id: string): void {
    const at = this.index.get(id);
    if (at === undefined) return;
    const last = this.list.pop()!;
    if (last.id !== id) {
      this.list[at] = last;
      this.index.set(last.id, at);
    }
    this.index.delete(id);
  }
}
