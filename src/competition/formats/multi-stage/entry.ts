import type { FormatEntry } from '../catalog';
import { multiStage } from './multi-stage';

/** Each stage's groups are tournaments of their own format; a 1 024-player swiss with a top cut is the largest measured. */
export const multiStageEntry: FormatEntry = {
  name: 'multi_stage',
  label: 'Stages',
  participantLimit: 1024,
  takesRounds: false,
  takesThirdPlaceMatch: false,
  canBeStage: false,
  playedInStages: true,
  evenBestOfAllowed: false,
  bracketNames: [],
  levelScoresNeedDecider: false,
  strategy: (lookup) => multiStage(lookup),
};
