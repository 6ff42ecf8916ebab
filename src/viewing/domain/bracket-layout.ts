import { formatOf } from '../../competition';
import type { Bracket } from '../../competition';
import { TournamentView, ViewMatch } from './tournament-view';

/** One column of a bracket, or one round of a round-based format; `matches` empty for a round not paired yet. */
export interface RoundColumn {
  /** Stable across states, for the live updates to find it: `winners-3`. */
  key: string;
  title: string;
  matches: ViewMatch[];
}

export interface BracketSection {
  /** `main`, `winners`, …; prefixed by its stage (and group) in a staged tournament: `knockout-main`. */
  key: string;
  title: string;
  rounds: RoundColumn[];
  /** The round a viewer opens on (a phone shows one round at a time): see `currentRound`. */
  current: string;
}

const BRACKET_ORDER: readonly Bracket[] = ['main', 'winners', 'losers', 'grand_final', 'third_place'];

function bracketTitle(view: TournamentView, bracket: Bracket): string {
  if (bracket === 'winners') return 'Winners’ bracket';
  if (bracket === 'losers') return 'Losers’ bracket';
  if (bracket === 'grand_final') return 'Grand final';
  if (bracket === 'third_place') return 'Third-place match';
  return drawnAsBracket(view) ? 'Bracket' : 'Rounds';
}

/** An elimination bracket, drawn whole from the start (its rounds spread out to line up with their feeders). */
export function drawnAsBracket(view: Pick<TournamentView, 'format'>): boolean {
  return formatOf(view.format).layout === 'bracket';
}

/** Winners' side names: the last round is the final, then semi-finals and quarter-finals. */
function roundTitle(view: TournamentView, bracket: Bracket, round: number, lastRound: number): string {
  if (bracket === 'grand_final') return round === 1 ? 'Grand final' : 'Grand final reset';
  if (bracket === 'third_place') return 'Third-place match';
  // A bracket's single `main` side (single elimination) ends in the final; round-based formats number their rounds.
  if (bracket === 'main' && drawnAsBracket(view)) {
    const fromEnd = lastRound - round;
    if (fromEnd === 0) return 'Final';
    if (fromEnd === 1) return 'Semi-finals';
    if (fromEnd === 2) return 'Quarter-finals';
  }
  if (bracket === 'losers') return `Losers’ round ${round}`;
  return `Round ${round}`;
}

/**
 * The matches grouped into sections (brackets) and columns (rounds), in play order. Elimination brackets exist whole
 * from the start; round-based formats show the rounds still to be paired as empty columns, so a viewer sees how many
 * are left.
 */
export function layOut(view: TournamentView): BracketSection[] {
  const byBracket = new Map<Bracket, Map<number, ViewMatch[]>>();
  for (const match of [...view.matches].sort((a, b) => a.number - b.number)) {
    let rounds = byBracket.get(match.bracket);
    if (!rounds) byBracket.set(match.bracket, (rounds = new Map()));
    let column = rounds.get(match.round);
    if (!column) rounds.set(match.round, (column = []));
    column.push(match);
  }
  if (view.plannedRounds !== null && view.matches.length > 0) {
    const rounds = byBracket.get('main') ?? new Map<number, ViewMatch[]>();
    byBracket.set('main', rounds);
    for (let round = 1; round <= view.plannedRounds; round++) if (!rounds.has(round)) rounds.set(round, []);
  }
  return BRACKET_ORDER.filter((bracket) => byBracket.has(bracket)).map((bracket) => {
    const rounds = byBracket.get(bracket)!;
    const numbers = [...rounds.keys()].sort((a, b) => a - b);
    const last = numbers.at(-1) ?? 1;
    const columns = numbers.map((round) => ({ key: `${bracket}-${round}`, title: roundTitle(view, bracket, round, last), matches: rounds.get(round)! }));
    return { key: bracket, title: bracketTitle(view, bracket), rounds: columns, current: currentRound(columns) };
  });
}

/**
 * The round being played: the earliest with a match that can be played now (ready or under way); else the earliest
 * with a match still waiting for its opponents (another bracket is ahead); else, everything played, the last round
 * with matches (a swiss round not paired yet is not worth opening on).
 */
export function currentRound(rounds: RoundColumn[]): string {
  const playable = rounds.find((round) => round.matches.some((match) => match.status === 'ready' || match.status === 'in_progress'));
  const waiting = rounds.find((round) => round.matches.some((match) => match.status === 'pending'));
  const lastPlayed = rounds.findLast((round) => round.matches.length > 0);
  return (playable ?? waiting ?? lastPlayed ?? rounds[0]).key;
}
