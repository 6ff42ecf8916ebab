import { generateElimination } from './elimination';
import { generateFreeForAll } from './free-for-all';
import { FormatSettings, Match, NewId, SeededParticipant } from './match';
import { NotEnoughParticipantsError, TooManySwissRoundsError } from './match-errors';
import { generateRoundRobin } from './round-robin';
import { pairNextSwissRound } from './swiss';

/** The matches a tournament starts with (swiss: its first round only; later rounds are paired as play goes). */
export function generateMatches(settings: FormatSettings, participants: SeededParticipant[], newId: NewId, now: Date): Match[] {
  if (participants.length < 2) throw new NotEnoughParticipantsError(participants.length);
  if (settings.format === 'swiss' && settings.rounds !== null && settings.rounds > participants.length - 1) {
    throw new TooManySwissRoundsError(settings.rounds, participants.length);
  }
  switch (settings.format) {
    case 'single_elimination':
      return generateElimination(false, participants, newId, settings.thirdPlaceMatch ?? false);
    case 'double_elimination':
      return generateElimination(true, participants, newId);
    case 'round_robin':
      return generateRoundRobin(participants, newId, settings.rules?.legs ?? 1);
    case 'free_for_all':
      return generateFreeForAll(settings, participants, newId);
    case 'swiss':
      return pairNextSwissRound(settings, participants, [], 1, 1, newId).map((match) =>
        match.status === 'completed' ? { ...match, completedAt: now } : match,
      );
  }
}
