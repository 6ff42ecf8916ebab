/*
 * A format as one strategy: how it generates its matches, what a report (or a correction, a withdrawal, a
 * reinstatement) moves on, how it ranks, and when it is complete. Each format is one file of this folder,
 * registered by name in registry.ts; the shared engine (TournamentPlay, the tasks, the services) asks the format
 * and never branches on its name. Settings cross worker threads as plain data: a worker looks the format up by name.
 */
import type { FormatSettings, Match, MatchFormat, MatchScope, NewId, SeededParticipant } from '../match/match';
import type { Outcome, ResultReport } from '../match/report';
import type { StandingRow } from '../ranking/ranking';
import type { Withdrawals, Workbench } from '../withdrawals/withdrawals';

/** The working copy a format changes (TournamentPlay): its matches, and the changes it records for the caller. */
export interface PlayBench extends Workbench {
  readonly settings: FormatSettings;
  /** Participants who left, with their terms (kept up to date by withdrawals and reinstatements). */
  readonly withdrawals: Withdrawals;
  /** The field in seeding order (throws if the caller left it out: `needsField` says when it is needed). */
  field(): SeededParticipant[];
  get(id: string): Match | undefined;
  add(match: Match): void;
  remove(match: Match): void;
  /** Notes that a written match's reported result was cleared, as it was before this change. */
  markCleared(id: string): void;
  newId: NewId;
  /** The number after the highest match number. */
  nextNumber(): number;
  /** Reported matches whose opponents or existence follow from this one's result. */
  reportedDependents(match: Match): Match[];
  /** Takes a result back out of play before it is replaced (the format's `undo`). */
  undo(match: Match): void;
  /** The change may clear reported results that depend on it (reset_dependents, or a dry run's preview). */
  resetDependents?: boolean;
}

export interface Format {
  readonly name: MatchFormat;

  /** `bracket`: drawn whole at the start, winners move along it; `rounds`: rounds of matches (viewer layout). */
  readonly layout: 'bracket' | 'rounds';
  /** Whether a head-to-head match may end level. */
  readonly drawsAllowed: boolean;
  /** Results are reported as every opponent's rank (free-for-all) rather than scores and a winner. */
  readonly reportsRanks: boolean;
  /** Which withdrawal terms fit: voiding played results (on a disqualification), a recorded forfeit score. */
  readonly withdrawalTerms: { voidResults: boolean; forfeitScore: boolean };

  // Generation

  /** The matches a tournament starts with (the field has at least two; later rounds may be paired as play goes). */
  generate(settings: FormatSettings, participants: SeededParticipant[], newId: NewId, now: Date): Match[];
  /** Matches a tournament of this field has, about: what decides whether its reports run in a worker. */
  estimatedMatches(settings: FormatSettings, participantCount: number): number;
  /** Rounds it plays in all where it takes a `rounds` setting (the setting, or its default); null where it does not. */
  roundsToPlay(settings: Pick<FormatSettings, 'rounds'>, participantCount: number): number | null;
  /** The default rounds fixed from the field at the start, so a report need not read the field; null: none to fix. */
  roundsFixedAtStart(participantCount: number): number | null;

  // Progression

  /** Checks a report against the match and the format's rules; throws 422 problems, changes nothing. */
  outcomeOf(match: Match, report: ResultReport, withdrawn: ReadonlyMap<string, unknown>, settings?: FormatSettings): Outcome;
  /**
   * The matches whose being open means a first result changes only its own match (nothing to move on, no round
   * to pair, no stage to complete): the whole tournament (round robin, free-for-all: `{}`), the match's round
   * (swiss), its stage's group. Null: any result may move someone on (brackets).
   */
  quietWhileOpen(match: Match, settings: FormatSettings): MatchScope | null;
  /**
   * The matches a first result in `match` sends its winner and loser on to, where it can change nothing else (a
   * bracket's links; the targets' other feeders decide a walkover there): play may then hold only those matches and
   * their feeders (play/report-along-links.ts). Null: a result may reach further (a round paired, a reset created).
   */
  onwardTargets(match: Match): string[] | null;
  /** After a result is written: winners and losers move on, or the next round is paired. */
  moveOn(match: Match, bench: PlayBench, now: Date): void;
  /** Every match whose opponents or existence follow from this one's result. */
  dependentsOf(match: Match, bench: PlayBench): Match[];
  /** Takes a result back out of play before it is replaced: downstream slots empty, dependent results cleared. */
  undo(match: Match, bench: PlayBench): void;
  /** Whether reporting `match` may rank or pair, so that play needs the field. */
  needsField(matches: readonly Match[], match: Match): boolean;

  // Withdrawals

  /** Applies every withdrawal to the matches (idempotent: what is already right stays). */
  applyWithdrawals(bench: PlayBench, withdrawals: Withdrawals, now: Date): void;
  /** Reopens what a participant's withdrawal decided (409 while a reported match depends on it). */
  reinstate(participantId: string, afterMatchNumber: number, bench: PlayBench): void;
  /** After a withdrawal or reinstatement settled: what play moves on by itself (a swiss round paired). */
  afterFieldChange(bench: PlayBench, now: Date): void;

  // Ranking and completion

  /** The table from the completed matches; once the tournament is complete, the final ranks. */
  standings(settings: FormatSettings, participants: SeededParticipant[], matches: Match[]): StandingRow[];
  /**
   * Where each participant got to, in words (a bracket's "final"); empty where there is no bracket. With the field,
   * also for those in no match (a bracket's bye holder who left before playing).
   */
  reached(matches: readonly Match[], field?: readonly SeededParticipant[], settings?: FormatSettings): Map<string, string>;
  /** Whether play is over, asked once no match is open. */
  isComplete(bench: PlayBench): boolean;
}

/** `needsField` for most formats: a correction, or the last open match (of its round, with `sameRound`: it pairs the next). */
export function mayRankOrPair(matches: readonly Match[], match: Match, sameRound: boolean): boolean {
  if (match.status === 'completed') return true;
  return !matches.some((other) => other.id !== match.id && other.status !== 'completed' && (!sameRound || other.round === match.round));
}
