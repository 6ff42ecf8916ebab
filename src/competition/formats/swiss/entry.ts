import type { FormatEntry } from '../catalog';
import { swiss } from './swiss';

/** Buchholz, its cut and Sonneborn-Berger need opponents of varying strength: swiss only. */
export const swissEntry: FormatEntry = {
  name: 'swiss',
  label: 'Swiss',
  participantLimit: 8192,
  takesRounds: true,
  takesThirdPlaceMatch: false,
  // More rounds than a capped field has opponents would force rematches.
  maxRounds: (entrants) => entrants - 1,
  canBeStage: true,
  playedInStages: false,
  evenBestOfAllowed: true,
  bracketNames: [],
  levelScoresNeedDecider: false,
  rules: {
    points: { win: 1, draw: 0.5, loss: 0 },
    tiebreakers: ['buchholz', 'sonneborn_berger', 'seed'],
    fits: [
      'head_to_head_points', 'head_to_head_score_difference', 'head_to_head_score_for', 'score_difference', 'score_for', 'wins',
      'game_difference', 'games_won', 'game_score_difference', 'buchholz', 'buchholz_cut1', 'sonneborn_berger', 'seed',
    ],
  },
  strategy: () => swiss,
};
