import { effectiveRules } from '../tournaments/domain/competition-rules';
import { Tournament } from '../tournaments/domain/tournament';
import { formatOf } from './domain/formats/registry';
import { FormatSettings, SeededParticipant } from './domain/match';
import { bracketRoundsFor } from './domain/series';

/** The format and its rounds, a default that depends on the field (swiss) resolved from the participant count (so a report need not read the field). */
export function settingsOf(tournament: Tournament): FormatSettings {
  const rounds = tournament.rounds ?? formatOf(tournament.format).roundsFixedAtStart(tournament.participantCount);
  return {
    format: tournament.format,
    rounds,
    thirdPlaceMatch: tournament.thirdPlaceMatch,
    rules: effectiveRules(tournament.format, tournament),
    bestOf: tournament.bestOf,
    bracketRounds: bracketRoundsFor(tournament.participantCount),
  };
}

export function seeded(participants: { id: string; seed: number | null }[]): SeededParticipant[] {
  return participants.map(({ id, seed }) => ({ id, seed }));
}
