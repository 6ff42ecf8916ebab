import { formatOf } from '../formats/registry';
import { FormatSettings, Match, NewId, SeededParticipant } from '../match/match';
import { NotEnoughParticipantsError } from '../match/match-errors';

/** The matches a tournament starts with (swiss: its first round only; later rounds are paired as play goes). */
export function generateMatches(settings: FormatSettings, participants: SeededParticipant[], newId: NewId, now: Date): Match[] {
  if (participants.length < 2) throw new NotEnoughParticipantsError(participants.length);
  return formatOf(settings.format).generate(settings, participants, newId, now);
}
