import { FormatSettings, Match } from '../../competition';
import { generateMatches } from '../../competition';
import { TournamentPlay } from '../../competition';
import { countingIds, playOut, seededRandom, someParticipants } from '../../competition';
import type { TournamentFormat } from '../../tournaments';
import type { TournamentStatus } from '../../tournaments';
import { TournamentView } from '../domain/tournament-view';
import { buildTournamentView, ParticipantFacts } from '../domain/view-builder';

export interface ViewOptions {
  format: TournamentFormat;
  count: number;
  /** `played`: every match reported (seeded random results); `started`: none. */
  progress?: 'started' | 'played';
  names?: (index: number) => string;
  status?: TournamentStatus;
  decide?: Parameters<typeof playOut>[3];
  seed?: number;
  thirdPlaceMatch?: boolean;
}

/** A tournament's view built by the real formats engine: `aTournamentView({ format: 'double_elimination', count: 8, progress: 'played' })`. */
export function aTournamentView(options: ViewOptions): TournamentView {
  const settings: FormatSettings = { format: options.format, rounds: null, thirdPlaceMatch: options.thirdPlaceMatch };
  const participants = someParticipants(options.count);
  const names = options.names ?? ((index: number) => `Player ${index + 1}`);
  let matches: Match[];
  let play: TournamentPlay;
  if (options.progress === 'played') {
    play = playOut(settings, participants, seededRandom(options.seed ?? 7), options.decide).play;
    matches = play.all();
  } else {
    const newId = countingIds();
    matches = generateMatches(settings, participants, newId, new Date('2026-05-01T18:00:00.000Z'));
    play = new TournamentPlay(settings, participants, matches, newId);
  }
  const standings = play.standings();
  const finalRanks = new Map(options.progress === 'played' ? standings.map((row) => [row.participantId, row.rank]) : []);
  const field: ParticipantFacts[] = participants.map((participant, index) => ({
    id: participant.id,
    name: names(index),
    seed: participant.seed,
    finalRank: finalRanks.get(participant.id) ?? null,
  }));
  const status = options.status ?? (options.progress === 'played' ? 'completed' : 'in_progress');
  return buildTournamentView({ name: `${options.format} cup`, description: null, game: 'Chess', format: options.format, status, startsAt: null, rounds: null }, field, matches, standings);
}
