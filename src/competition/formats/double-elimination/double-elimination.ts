import { doubleEliminationStage, generateElimination } from '../../bracket/elimination';
import { eliminationBracket } from '../../bracket/elimination-bracket';
import { Format } from '../format';

/** Winners' and losers' brackets: a first loss drops a participant to the losers' side, a second puts them out; the grand final may need a reset. */
export const doubleElimination: Format = {
  ...eliminationBracket('double_elimination', {
    secondChance: true,
    stageOf: (match, winnersRounds) => doubleEliminationStage(match.bracket, match.round, winnersRounds),
    startingBracket: (field, newId) => generateElimination(true, field, newId),
  }),
  generate: (_settings, participants, newId) => generateElimination(true, participants, newId),
  estimatedMatches: (_settings, participantCount) => 2 * participantCount,
};
