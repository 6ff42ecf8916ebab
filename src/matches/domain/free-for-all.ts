import { emptyOpponent, FormatSettings, Match, NewId, newMatch, SeededParticipant, totalRounds } from './match';

/** Free-for-all: every round is one match holding the whole field, played in any order and reported as ranks. */
export function generateFreeForAll(settings: FormatSettings, participants: SeededParticipant[], newId: NewId): Match[] {
  return Array.from({ length: totalRounds(settings, participants.length) }, (_, index) =>
    newMatch({
      id: newId(),
      number: index + 1,
      round: index + 1,
      bracket: 'main',
      status: 'ready',
      opponents: participants.map((participant) => emptyOpponent(participant.id)),
    }),
  );
}
