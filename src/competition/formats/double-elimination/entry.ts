import type { FormatEntry } from '../catalog';
import { doubleElimination } from './double-elimination';

export const doubleEliminationEntry: FormatEntry = {
  name: 'double_elimination',
  label: 'Double elimination',
  participantLimit: 8192,
  takesRounds: false,
  takesThirdPlaceMatch: false,
  canBeStage: true,
  playedInStages: false,
  evenBestOfAllowed: false,
  bracketNames: ['final', 'semi_final', 'quarter_final', 'grand_final'],
  levelScoresNeedDecider: true,
  strategy: () => doubleElimination,
};
