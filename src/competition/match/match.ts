/*
 * A match of a running tournament, as the formats see it: plain data, no framework, no database.
 * Elimination matches link to the match their winner (and loser) moves on to, slot by slot.
 */
import type { CompetitionRules } from '../rules/competition-rules';
import type { TournamentFormat } from '../formats/format-names';
import type { BestOf } from '../rules/best-of';
import type { StageAdvance, StageDecision, StageSeeding } from '../stages/stage-settings';

/** The formats play knows are the tournament's (one list, in the tournaments domain). */
export type MatchFormat = TournamentFormat;

export const BRACKETS = ['main', 'winners', 'losers', 'grand_final', 'third_place'] as const;
export type Bracket = (typeof BRACKETS)[number];

/**
 * `pending`: an opponent is not known yet; `ready`: it can be played; `in_progress`: a series with games reported and
 * not decided yet (issue 44); `completed`: a result is in.
 */
export const MATCH_STATUSES = ['pending', 'ready', 'in_progress', 'completed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_RESULTS = ['win', 'loss', 'draw'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];

export interface Opponent {
  participantId: string | null;
  /** A later stage's slot (issue 40): where its participant comes from; kept once filled. Absent elsewhere. */
  source?: StageSource;
  score: number | null;
  rank: number | null;
  result: MatchResult | null;
}

/**
 * How a completed match was decided when it was not played out: `forfeit` (one side withdrew, the other wins,
 * scores as the withdrawal says or null) or `void` (it counts for nobody). null: played (or open, or a swiss bye).
 */
export const MATCH_OUTCOMES = ['forfeit', 'void'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number] | null;

/**
 * How a reported result was decided when it was not played out (issue 44): `forfeit` (one side did not show),
 * `retired` (stopped during play), `double_forfeit` (neither showed: both lose, nobody moves on). Unlike a
 * withdrawal's outcome, it is a reported result: it is corrected, and counts as a dependent, like any other.
 */
export const REPORTED_OUTCOMES = ['forfeit', 'retired', 'double_forfeit'] as const;
export type ReportedOutcome = (typeof REPORTED_OUTCOMES)[number];

/**
 * How a knockout match reported with level scores was settled (issue 40): a penalty shoot-out, extra time, a
 * shootout, a coin toss or another way; its own scores (in opponents order) when it had any.
 */
export const DECIDER_METHODS = ['penalties', 'extra_time', 'shootout', 'coin_toss', 'other'] as const;
export type DeciderMethod = (typeof DECIDER_METHODS)[number];

export interface Decider {
  method: DeciderMethod;
  scores: number[] | null;
}

/** One game of a series (issue 44): its scores in opponents order, and who won it (null: drawn). */
export interface Game {
  scores: number[];
  winnerId: string | null;
}

export interface Match {
  id: string;
  /** Play order, unique in the tournament. */
  number: number;
  round: number;
  bracket: Bracket;
  status: MatchStatus;
  opponents: Opponent[];
  winnerId: string | null;
  nextMatchId: string | null;
  /** Which opponent slot of the next match the winner takes. */
  nextSlot: number | null;
  loserNextMatchId: string | null;
  loserNextSlot: number | null;
  /** A two-legged round robin's home side (always `opponents[0]`); null where there is no home side. */
  homeParticipantId: string | null;
  completedAt: Date | null;
  outcome: MatchOutcome;
  /** The games of a series as reported, in order; empty when reported as one result (or not yet). */
  games: Game[];
  /** A reported result's outcome when it was not played out; null when played (or open). */
  reportedOutcome: ReportedOutcome | null;
  /** What settled level scores in a knockout match (issue 40); null otherwise. */
  decider: Decider | null;
  /** A multi_stage tournament's stage (its key) and group (its label): null in a tournament of one format. */
  stage: string | null;
  group: string | null;
}

/**
 * Where a later stage's opponent comes from (issue 40): a group's place, a rank among the best k-th placed rows,
 * or (seeding `standings` across groups) a rank among all the stage's qualifiers.
 */
export type StageSource = { stage: string } & ({ group: string; place: number } | { best: number; rank: number } | { seed: number });

/** A participant as the formats need it, listed in seeding order (the participant list's default order). */
export interface SeededParticipant {
  id: string;
  /** The participant's seed, or null when unseeded: the last tiebreaker, equal for two unseeded participants. */
  seed: number | null;
  /** The group a participant is put in by hand (a multi_stage tournament seeded `manual`); absent otherwise. */
  group?: string | null;
}

export interface FormatSettings {
  format: MatchFormat;
  /** The tournament's `rounds` (swiss and free-for-all), or null for the format's default. */
  rounds: number | null;
  /** Single elimination: the semi-final losers play for third place. */
  thirdPlaceMatch?: boolean;
  /** Round robin and swiss: points, tiebreakers and legs (the format's defaults when left out). */
  rules?: CompetitionRules | null;
  /** Games a match is the best of, as the tournament sets it (null or left out: 1); see series.ts. */
  bestOf?: BestOf | null;
  /** Rounds of the main (or winners') bracket, from the field at the start: which round is the `final`. */
  bracketRounds?: number;
  /** A multi_stage tournament's stages in play order (stages/); absent otherwise. */
  stages?: StagePlay[];
}

/** Some of a tournament's matches: those of this stage, group and round, where named. */
export interface MatchScope {
  stage?: string | null;
  group?: string | null;
  round?: number;
}

/** A stage as play runs it: each of its groups is a small tournament of `settings`. */
export interface StagePlay {
  key: string;
  name: string;
  groups: number;
  advance: StageAdvance | null;
  seeding: StageSeeding;
  decisions: StageDecision[];
  /** The stage's format and rules (no bracketRounds: a group's field decides it). */
  settings: FormatSettings;
}

export type NewId = () => string;

/** A new match with no result and no links yet: the fields every format's generator leaves at their start values. */
export function newMatch(
  { id, number, round, bracket, status, opponents }: Pick<Match, 'id' | 'number' | 'round' | 'bracket' | 'status' | 'opponents'>,
  homeParticipantId: string | null = null,
): Match {
  // Every field named in one literal, in one order: a start makes tens of thousands of these, and a spread of
  // `fields` makes each a slow object of its own shape.
  return { id, number, round, bracket, status, opponents, winnerId: null, nextMatchId: null, nextSlot: null, loserNextMatchId: null, loserNextSlot: null, homeParticipantId, completedAt: null, outcome: null, games: [], reportedOutcome: null, decider: null, stage: null, group: null };
}

export function emptyOpponent(participantId: string | null = null): Opponent {
  return { participantId, score: null, rank: null, result: null };
}

/** A match with its one-sided bye (swiss): completed at once, a win for the only opponent. */
export function isBye(match: Match): boolean {
  return match.opponents.length === 1;
}

/** A result someone reported: not a swiss bye, nor a match decided by a withdrawal. */
export function isReported(match: Match): boolean {
  return match.status === 'completed' && !isBye(match) && match.outcome === null;
}

export function participantsOf(match: Match): string[] {
  return match.opponents.flatMap((opponent) => (opponent.participantId === null ? [] : [opponent.participantId]));
}

/** `ready` once every slot holds a participant, `pending` while one is still to come. */
export function statusFromSlots(match: Match): MatchStatus {
  return match.opponents.every((opponent) => opponent.participantId !== null) ? 'ready' : 'pending';
}

export function cloneMatch(match: Match): Match {
  return { ...match, opponents: match.opponents.map((opponent) => ({ ...opponent })), games: match.games.map((game) => ({ ...game, scores: [...game.scores] })), decider: match.decider && { ...match.decider } };
}

/** Rounds a swiss tournament plays by default: ⌈log2 n⌉, at least one. */
export function defaultSwissRounds(participantCount: number): number {
  return Math.max(1, Math.ceil(Math.log2(participantCount)));
}
