import type { FormatEntry } from '../catalog';
import { singleElimination } from './single-elimination';

export const singleEliminationEntry: FormatEntry = {
  name: 'single_elimination',
  label: 'Single elimination',
  participantLimit: 8192,
  takesRounds: false,
  takesThirdPlaceMatch: true,
  canBeStage: true,
  playedInStages: false,
  evenBestOfAllowed: false,
  bracketNames: ['final', 'semi_final', 'quarter_final'],
  levelScoresNeedDecider: true,
  strategy: () => singleElimination,
};
