/*
 * What a viewer sees of a tournament: plain data built from the tournament, its participants, matches and standings,
 * holding nothing private (no ids of the account, participants or matches, no metadata, no external ids).
 * Every page, embed, image and the JSON snapshot are drawn from this one value, so they always agree.
 */
import type { Bracket, MatchResult, MatchStatus } from '../../competition';
import type { StandingRow } from '../../competition';
import type { StageStatus } from '../../competition';
import type { TournamentFormat } from '../../tournaments';
import { formatCatalog } from '../../competition';
import type { TournamentStatus } from '../../tournaments';

export interface ViewOpponent {
  /** Null while the slot waits for an earlier match's winner or loser. */
  name: string | null;
  seed: number | null;
  score: number | null;
  /** Free-for-all only. */
  rank: number | null;
  result: MatchResult | null;
  /** The participant's place in the view's `entrants` (not an id): lets a page highlight one participant's path. */
  entrant: number | null;
  /** A later stage's slot in words while it waits ("Winner Group A", issue 40); absent elsewhere. */
  placeholder?: string;
}

/** One game of a series: its scores in opponents order, and which opponent (by index) won it; null when drawn. */
export interface ViewGame {
  scores: number[];
  winner: number | null;
}

export interface ViewDecider {
  method: string;
  scores: number[] | null;
}

export interface ViewMatch {
  number: number;
  round: number;
  bracket: Bracket;
  status: MatchStatus;
  opponents: ViewOpponent[];
  /** A series' games (issue 44), the opponents' scores being the games won; empty for a single result. */
  games: ViewGame[];
  /** How a completed match was decided when not played out: `forfeit`, `retired`, `double_forfeit`, `void`; else null. */
  outcome: string | null;
  /** What settled level scores in a knockout match (issue 40): its method and own scores in opponents order; else null. */
  decider: ViewDecider | null;
  /** The number of the match its winner moves on to (elimination formats), for the bracket's connecting lines. */
  nextNumber: number | null;
  /** A multi_stage tournament's stage key and group label (issue 40); null otherwise. */
  stage: string | null;
  group: string | null;
  /** Its place in the schedule (issue 41): when, until when, and its station by place in the view's `stations`; null when not planned. */
  scheduledAt: Date | null;
  endsAt: Date | null;
  station: number | null;
}

export interface ViewTiebreaker {
  name: string;
  /** Elimination's stage reached is shown in words ("losers round 3"), as the API's `reached` says it. */
  value: number | boolean | string | null;
}

/** A tournament's standings row (its rank and totals), by name and seed instead of participant id. */
export interface ViewStandingRow extends Omit<StandingRow, 'participantId' | 'tiebreakers'> {
  name: string;
  seed: number | null;
  /** The participant's place in the field: stable across states, the live updates find its row by it. */
  key: number;
  /** The participant's place in the view's `entrants`. */
  entrant: number | null;
  tiebreakers: ViewTiebreaker[];
}

/** One group of a stage: its table, ranked as `GET …/standings?stage=` ranks it; empty until its slots are filled. */
export interface ViewGroup {
  label: string;
  rows: ViewStandingRow[];
}

/** A stage of a multi_stage tournament (issue 40), in play order; its matches are the view's matches with its key. */
export interface ViewStage {
  key: string;
  name: string;
  format: TournamentFormat;
  status: StageStatus;
  /** The rounds a group plays when the stage fixes them (swiss); null to take the format's default for the group. */
  rounds: number | null;
  groups: ViewGroup[];
}

export interface ViewEntrant {
  name: string;
  seed: number | null;
  finalRank: number | null;
}

export interface TournamentView {
  name: string;
  description: string | null;
  game: string | null;
  format: TournamentFormat;
  status: TournamentStatus;
  startsAt: Date | null;
  /** Rounds the format plays in all (swiss, free-for-all): the unpaired ones are shown as still to come. */
  plannedRounds: number | null;
  entrants: ViewEntrant[];
  matches: ViewMatch[];
  standings: ViewStandingRow[];
  /** A multi_stage tournament's stages with their group tables (issue 40); null for a tournament of one format. */
  stages: ViewStage[] | null;
  /** The stations' names in the stations' order (issue 41): what the public calendar shows as LOCATION already. */
  stations: string[];
}

export interface LeagueTournamentView {
  name: string;
  format: TournamentFormat;
  status: TournamentStatus;
  startsAt: Date | null;
  /** Participants by final rank once it is completed (ties share a rank); empty before. */
  placings: { rank: number; name: string }[];
}

export interface LeagueTableRow {
  rank: number;
  name: string;
  /** Completed tournaments of the league the participant (by name) placed in. */
  tournaments: number;
  wins: number;
  podiums: number;
  bestRank: number;
}

/** A row of a rated league's ratings (docs/ratings.md): its place, the conservative score, how sure it is. */
export interface LeagueRatingView {
  rank: number;
  name: string;
  score: number;
  matches: number;
  provisional: boolean;
}

export interface LeagueView {
  name: string;
  description: string | null;
  game: string | null;
  season: string | null;
  status: string;
  /** The league's tournaments that are shared themselves: the others are never named here. */
  tournaments: LeagueTournamentView[];
  /** Its tournaments that are not shared: counted (in the table too), never named. */
  unshared: { count: number; completed: number };
  table: LeagueTableRow[];
  /** The league's ratings, best first; null when it rates no players. */
  ratings: LeagueRatingView[] | null;
}

/** A format's name in words, as the catalog gives it. */
export function formatLabel(format: string): string {
  return formatCatalog.entry(format).label;
}

export const STAGE_STATUS_LABELS: Record<StageStatus, string> = {
  pending: 'Not started',
  in_progress: 'In progress',
  awaiting_decision: 'Waiting for the organiser’s decision',
  completed: 'Completed',
};

export const STATUS_LABELS: Record<TournamentStatus, string> = {
  draft: 'Draft',
  registration_open: 'Registration open',
  registration_closed: 'Registration closed',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** How a match not played out reads on a page or an image. */
export const OUTCOME_LABELS: Record<string, string> = {
  forfeit: 'Forfeit',
  retired: 'Retired',
  double_forfeit: 'Double forfeit',
  void: 'Void',
};

/** How each decider reads after "won" and its score: "won 4–2 on penalties". */
const DECIDER_PHRASES: Record<string, string> = {
  penalties: 'on penalties',
  extra_time: 'after extra time',
  shootout: 'in a shootout',
  coin_toss: 'on a coin toss',
  other: 'in a decider',
};

/**
 * A decided-level match in words, the winner's decider score first: "won 4–2 on penalties", "won on a coin toss"
 * (a coin toss's scores say nothing, so they are not shown); null without a decider.
 */
export function deciderText(match: Pick<ViewMatch, 'decider' | 'opponents'>): string | null {
  const decider = match.decider;
  if (decider === null) return null;
  const winner = match.opponents.findIndex((opponent) => opponent.result === 'win');
  const scores = decider.scores !== null && decider.method !== 'coin_toss' && winner !== -1 ? ` ${decider.scores[winner]}–${decider.scores[1 - winner]}` : '';
  return `won${scores} ${DECIDER_PHRASES[decider.method] ?? 'in a decider'}`;
}

/** A series' games in one line, as the tooltip and the image's title show them: "11–7, 9–11, 11–4". */
export function gamesText(match: Pick<ViewMatch, 'games'>): string {
  return match.games.map((game) => `${game.scores[0]}–${game.scores[1]}`).join(', ');
}
