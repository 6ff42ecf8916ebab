import { doubleEliminationStage } from './elimination';
import { Match, MatchFormat } from './match';

/**
 * How far each participant of an elimination bracket got, in words a reader knows from the bracket itself:
 * "winners round 2", "losers round 3", "grand final", "grand final reset" in double elimination; "round 1",
 * "final", "third-place match" in single elimination. Other formats have no bracket: an empty map.
 */
export function bracketReached(format: MatchFormat, matches: readonly Match[]): Map<string, string> {
  const reached = new Map<string, { stage: number; words: string }>();
  if (format !== 'single_elimination' && format !== 'double_elimination') return new Map();
  const winnersRounds = Math.max(0, ...matches.filter((match) => match.bracket === 'winners').map((match) => match.round));
  const finalRound = Math.max(0, ...matches.filter((match) => match.bracket === 'main').map((match) => match.round));
  for (const match of matches) {
    const stage =
      format === 'double_elimination'
        ? doubleEliminationStage(match.bracket, match.round, winnersRounds)
        : match.round - (match.bracket === 'third_place' ? 0.5 : 0);
    const words = describe(match, finalRound);
    for (const { participantId } of match.opponents) {
      if (participantId === null) continue;
      const known = reached.get(participantId);
      if (!known || stage > known.stage) reached.set(participantId, { stage, words });
    }
  }
  return new Map([...reached].map(([id, { words }]) => [id, words]));
}

function describe(match: Match, finalRound: number): string {
  switch (match.bracket) {
    case 'winners':
    case 'losers':
      return `${match.bracket} round ${match.round}`;
    case 'grand_final':
      return match.round === 1 ? 'grand final' : 'grand final reset';
    case 'third_place':
      return 'third-place match';
    case 'main':
      return match.round === finalRound ? 'final' : `round ${match.round}`;
  }
}
