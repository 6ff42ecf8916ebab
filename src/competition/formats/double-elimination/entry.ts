import type { FormatEntry } from '../catalog';
import { doubleElimination } from './double-elimination';

export const doubleEliminationEntry: FormatEntry = {
  name: 'double_elimination',
  label: 'Double elimination',
  participantLimit: 8192,
  takesRounds: false,
  takesThirdPlaceMatch: false,
  strategy: () => doubleElimination,
};
