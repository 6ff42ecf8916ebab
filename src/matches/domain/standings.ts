import { CompetitionRules, effectiveRules } from '../../tournaments/domain/competition-rules';
import { doubleEliminationStage } from './elimination';
import { FormatSettings, Match, SeededParticipant } from './match';
import { rankByRules, Tiebreaker } from './tiebreakers';

export type { Tiebreaker };

/** What a participant's completed matches add up to. */
interface Totals {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  scoreFor: number;
  scoreAgainst: number;
}

export interface StandingRow extends Totals {
  rank: number;
  participantId: string;
  /** In the order they are applied, each with its value, so a reader sees why a row is above another. */
  tiebreakers: Tiebreaker[];
}

interface Tally extends Totals {
  participant: SeededParticipant;
  seedingIndex: number;
}

/** How one ranking key compares two rows: higher is better unless `lowerIsBetter`; null is always worst. */
interface RankingKey {
  name: string;
  lowerIsBetter?: boolean;
}

/** Elimination formats count wins; round robin and swiss score by their rules. */
const WINS_ONLY = { win: 1, draw: 0, loss: 0 } as const;

/** The rules a round robin or swiss table is ranked by: the tournament's, or the format's defaults. */
export function rulesOf(settings: FormatSettings): CompetitionRules | null {
  return settings.rules ?? effectiveRules(settings.format, { points: null, tiebreakers: null, legs: null });
}

function tally(settings: FormatSettings, participants: SeededParticipant[], matches: Iterable<Match>): Map<string, Tally> {
  const tallies = new Map<string, Tally>(
    participants.map((participant, seedingIndex) => [
      participant.id,
      { participant, seedingIndex, played: 0, wins: 0, draws: 0, losses: 0, points: 0, scoreFor: 0, scoreAgainst: 0 },
    ]),
  );
  const points = rulesOf(settings)?.points ?? WINS_ONLY;
  for (const match of matches) {
    if (match.status !== 'completed' || match.outcome === 'void') continue;
    const totalScore = match.opponents.reduce((sum, opponent) => sum + (opponent.score ?? 0), 0);
    for (const opponent of match.opponents) {
      // An elimination walkover has an empty slot: whoever it was for left before getting there.
      if (opponent.participantId === null) continue;
      const row = tallies.get(opponent.participantId)!;
      row.played++;
      if (opponent.result === 'win') row.wins++;
      else if (opponent.result === 'draw') row.draws++;
      else row.losses++;
      row.scoreFor += opponent.score ?? 0;
      row.scoreAgainst += totalScore - (opponent.score ?? 0);
      if (settings.format === 'free_for_all') row.points += match.opponents.length - opponent.rank! + 1;
      else row.points += points[opponent.result!];
    }
  }
  return tallies;
}

function compareKeys(keys: RankingKey[], a: Tiebreaker[], b: Tiebreaker[]): number {
  for (let i = 0; i < keys.length; i++) {
    const x = a[i].value;
    const y = b[i].value;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const difference = Number(y) - Number(x);
    return keys[i].lowerIsBetter ? -difference : difference;
  }
  return 0;
}

/** How far each participant got in an elimination bracket, and whether a loss has put them out. */
function eliminationProgress(settings: FormatSettings, matches: Match[]): Map<string, { stage: number; eliminated: boolean }> {
  const winnersRounds = Math.max(0, ...matches.filter((match) => match.bracket === 'winners').map((match) => match.round));
  // The third-place match ranks its players between the final's and the semi-finals': half a round below the final.
  const stageOf = (match: Match) =>
    settings.format === 'double_elimination'
      ? doubleEliminationStage(match.bracket, match.round, winnersRounds)
      : match.bracket === 'third_place'
        ? match.round - 0.5
        : match.round;
  const progress = new Map<string, { stage: number; eliminated: boolean }>();
  for (const match of matches) {
    for (const opponent of match.opponents) {
      if (opponent.participantId === null) continue;
      const entry = progress.get(opponent.participantId) ?? { stage: 0, eliminated: false };
      entry.stage = Math.max(entry.stage, stageOf(match));
      // A forfeit's loser left the tournament: out, even where a loss would drop them to the losers' bracket.
      if (opponent.result === 'loss' && (match.loserNextMatchId === null || match.outcome !== null)) entry.eliminated = true;
      if (match.outcome === 'void') entry.eliminated = true;
      progress.set(opponent.participantId, entry);
    }
  }
  return progress;
}

function rankingKeys(settings: FormatSettings): RankingKey[] {
  switch (settings.format) {
    case 'free_for_all':
      return [{ name: 'points' }, { name: 'seed', lowerIsBetter: true }];
    default:
      return [{ name: 'stage_reached' }, { name: 'still_in' }];
  }
}

/**
 * The table of a tournament from its completed matches. Rows that no key separates share a rank (1, 1, 3);
 * once every match is reported the ranks are the final ranks. Round robin and swiss rank by their competition
 * rules (points, then the tiebreaker list); elimination formats by how far each participant got (a participant
 * still in is above one knocked out at the same stage).
 */
export function computeStandings(settings: FormatSettings, participants: SeededParticipant[], matchList: Iterable<Match>): StandingRow[] {
  const matches = [...matchList];
  const tallies = tally(settings, participants, matches);
  const rules = rulesOf(settings);
  if (rules) return rankedByRules(rules, tallies, matches);
  const keys = rankingKeys(settings);
  const progress = keys[0].name === 'stage_reached' ? eliminationProgress(settings, matches) : null;

  const rows = [...tallies.values()].map((row) => {
    const id = row.participant.id;
    const values: Record<string, number | boolean | null> = {
      points: row.points,
      seed: row.participant.seed,
      stage_reached: progress?.get(id)?.stage ?? 0,
      still_in: !(progress?.get(id)?.eliminated ?? false),
    };
    const ranking = keys.map((key) => ({ name: key.name, value: values[key.name] }));
    return { row, ranking };
  });
  rows.sort((a, b) => compareKeys(keys, a.ranking, b.ranking) || a.row.seedingIndex - b.row.seedingIndex);

  const standings: StandingRow[] = [];
  rows.forEach(({ row, ranking }, index) => {
    const tied = index > 0 && compareKeys(keys, rows[index - 1].ranking, ranking) === 0;
    standings.push({
      rank: tied ? standings[index - 1].rank : index + 1,
      participantId: row.participant.id,
      played: row.played,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      points: row.points,
      scoreFor: row.scoreFor,
      scoreAgainst: row.scoreAgainst,
      tiebreakers: keys[0].name === 'points' ? ranking.slice(1) : ranking,
    });
  });
  return standings;
}

/** Round robin and swiss: points, then the rules' tiebreakers (tiebreakers.ts). */
function rankedByRules(rules: CompetitionRules, tallies: Map<string, Tally>, matches: Match[]): StandingRow[] {
  const entries = [...tallies.values()].map((row) => ({ ...row, participantId: row.participant.id, seed: row.participant.seed }));
  return rankByRules(rules, entries, matches).map(({ entry, rank, tiebreakers }) => ({
    rank,
    participantId: entry.participantId,
    played: entry.played,
    wins: entry.wins,
    draws: entry.draws,
    losses: entry.losses,
    points: entry.points,
    scoreFor: entry.scoreFor,
    scoreAgainst: entry.scoreAgainst,
    tiebreakers,
  }));
}
