/**
 * The names of the built-in formats, as a type the engine can switch on; which formats a tournament may be played in
 * is the catalog's to say (registry.ts). `multi_stage` is played as stages, each one of the others.
 */
export const TOURNAMENT_FORMATS = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all', 'multi_stage'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
