import { generateElimination } from '../../bracket/elimination';
import { eliminationBracket } from '../../bracket/elimination-bracket';
import { Format } from '../format';

/** One bracket: a loss puts a participant out; optionally the semi-final losers play for third place. */
export const singleElimination: Format = {
  ...eliminationBracket('single_elimination', {
    // The third-place match ranks its players between the final's and the semi-finals': half a round below the final.
    secondChance: false,
    stageOf: (match) => (match.bracket === 'third_place' ? match.round - 0.5 : match.round),
    startingBracket: (field, newId) => generateElimination(false, field, newId),
  }),
  generate: (settings, participants, newId) => generateElimination(false, participants, newId, settings.thirdPlaceMatch ?? false),
  estimatedMatches: (_settings, participantCount) => participantCount,
};
