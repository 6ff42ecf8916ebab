import type { FormatEntry } from '../catalog';
import { roundRobin } from './round-robin';

/** A round robin grows with the square of its field: 256 participants are 32 640 matches. */
export const roundRobinEntry: FormatEntry = {
  name: 'round_robin',
  label: 'Round robin',
  participantLimit: 256,
  takesRounds: false,
  takesThirdPlaceMatch: false,
  canBeStage: true,
  playedInStages: false,
  // A double round robin plays every pair twice: its limit keeps about the matches of a single one of 256.
  twoLegs: { participantLimit: 181 },
  evenBestOfAllowed: true,
  bracketNames: [],
  levelScoresNeedDecider: false,
  rules: {
    points: { win: 3, draw: 1, loss: 0 },
    tiebreakers: ['head_to_head_points', 'score_difference', 'score_for', 'seed'],
    fits: ['head_to_head_points', 'head_to_head_score_difference', 'head_to_head_score_for', 'score_difference', 'score_for', 'wins', 'game_difference', 'games_won', 'game_score_difference', 'seed'],
  },
  strategy: () => roundRobin,
};
