import type { FormatEntry } from '../catalog';
import { freeForAll } from './free-for-all';

/** A free-for-all round is one match holding everyone. */
export const freeForAllEntry: FormatEntry = {
  name: 'free_for_all',
  label: 'Free for all',
  participantLimit: 1024,
  takesRounds: true,
  takesThirdPlaceMatch: false,
  canBeStage: true,
  playedInStages: false,
  seriesRefused: 'free_for_all matches rank everyone at once and are not played as series: send 1, null or leave it out.',
  evenBestOfAllowed: false,
  bracketNames: [],
  levelScoresNeedDecider: false,
  strategy: () => freeForAll,
};
