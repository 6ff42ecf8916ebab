import { doubleEliminationStage } from './elimination';
import { FormatSettings, isBye, Match, SeededParticipant } from './match';

export interface Tiebreaker {
  name: string;
  value: number | boolean | null;
}

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

const POINTS = {
  round_robin: { win: 3, draw: 1, loss: 0 },
  swiss: { win: 1, draw: 0.5, loss: 0 },
  single_elimination: { win: 1, draw: 0, loss: 0 },
  double_elimination: { win: 1, draw: 0, loss: 0 },
} as const;

function tally(settings: FormatSettings, participants: SeededParticipant[], matches: Iterable<Match>): Map<string, Tally> {
  const tallies = new Map<string, Tally>(
    participants.map((participant, seedingIndex) => [
      participant.id,
      { participant, seedingIndex, played: 0, wins: 0, draws: 0, losses: 0, points: 0, scoreFor: 0, scoreAgainst: 0 },
    ]),
  );
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
      else row.points += POINTS[settings.format][opponent.result!];
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

/** Points among the tied: for each row, the points it took from matches against rows with the same points. */
function headToHeadPoints(tallies: Map<string, Tally>, matches: Iterable<Match>): Map<string, number> {
  const result = new Map<string, number>();
  for (const match of matches) {
    if (match.status !== 'completed' || match.opponents.length !== 2 || match.outcome === 'void') continue;
    const [a, b] = match.opponents;
    if (tallies.get(a.participantId!)!.points !== tallies.get(b.participantId!)!.points) continue;
    for (const opponent of [a, b]) {
      result.set(opponent.participantId!, (result.get(opponent.participantId!) ?? 0) + POINTS.round_robin[opponent.result!]);
    }
  }
  return result;
}

/** Buchholz (the opponents' points added up; a bye adds nothing) and Sonneborn-Berger (beaten opponents' points, half of drawn ones'). */
function swissTiebreaks(tallies: Map<string, Tally>, matches: Iterable<Match>): Map<string, { buchholz: number; sonnebornBerger: number }> {
  const result = new Map([...tallies.keys()].map((id) => [id, { buchholz: 0, sonnebornBerger: 0 }]));
  for (const match of matches) {
    if (match.status !== 'completed' || isBye(match) || match.outcome === 'void') continue;
    const [a, b] = match.opponents;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      const otherPoints = tallies.get(other.participantId!)!.points;
      const row = result.get(self.participantId!)!;
      row.buchholz += otherPoints;
      if (self.result === 'win') row.sonnebornBerger += otherPoints;
      if (self.result === 'draw') row.sonnebornBerger += otherPoints / 2;
    }
  }
  return result;
}

/** How far each participant got in an elimination bracket, and whether a loss has put them out. */
function eliminationProgress(settings: FormatSettings, matches: Match[]): Map<string, { stage: number; eliminated: boolean }> {
  const winnersRounds = Math.max(0, ...matches.filter((match) => match.bracket === 'winners').map((match) => match.round));
  const stageOf = (match: Match) =>
    settings.format === 'double_elimination' ? doubleEliminationStage(match.bracket, match.round, winnersRounds) : match.round;
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
    case 'round_robin':
      return [{ name: 'points' }, { name: 'head_to_head_points' }, { name: 'score_difference' }, { name: 'score_for' }, { name: 'seed', lowerIsBetter: true }];
    case 'swiss':
      return [{ name: 'points' }, { name: 'buchholz' }, { name: 'sonneborn_berger' }, { name: 'seed', lowerIsBetter: true }];
    case 'free_for_all':
      return [{ name: 'points' }, { name: 'seed', lowerIsBetter: true }];
    default:
      return [{ name: 'stage_reached' }, { name: 'still_in' }];
  }
}

/**
 * The table of a tournament from its completed matches. Rows that no key separates share a rank (1, 1, 3);
 * once every match is reported the ranks are the final ranks. Elimination formats rank by how far each
 * participant got (a participant still in is above one knocked out at the same stage).
 */
export function computeStandings(settings: FormatSettings, participants: SeededParticipant[], matchList: Iterable<Match>): StandingRow[] {
  const matches = [...matchList];
  const tallies = tally(settings, participants, matches);
  const keys = rankingKeys(settings);
  const headToHead = settings.format === 'round_robin' ? headToHeadPoints(tallies, matches) : null;
  const swiss = settings.format === 'swiss' ? swissTiebreaks(tallies, matches) : null;
  const progress = keys[0].name === 'stage_reached' ? eliminationProgress(settings, matches) : null;

  const rows = [...tallies.values()].map((row) => {
    const id = row.participant.id;
    const values: Record<string, number | boolean | null> = {
      points: row.points,
      head_to_head_points: headToHead?.get(id) ?? 0,
      score_difference: row.scoreFor - row.scoreAgainst,
      score_for: row.scoreFor,
      buchholz: swiss?.get(id)?.buchholz ?? 0,
      sonneborn_berger: swiss?.get(id)?.sonnebornBerger ?? 0,
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
