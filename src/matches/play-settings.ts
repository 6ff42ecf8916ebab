import { effectiveRules } from '../competition';
import { Tournament } from '../tournaments';
import { formatCatalog, formatOf } from '../competition';
import { FormatSettings, SeededParticipant, StagePlay } from '../competition';
import { StageSettings } from '../competition';
import { bracketRoundsFor } from '../competition';

/** The format and its rounds, a default that depends on the field (swiss) resolved from the participant count (so a report need not read the field). */
export function settingsOf(tournament: Tournament): FormatSettings {
  if (formatCatalog.entry(tournament.format).playedInStages) return { format: tournament.format, rounds: null, bestOf: null, stages: (tournament.stages ?? []).map(stagePlayOf) };
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

/** A stage as play runs it: its format's rules in force (defaults filled), its groups, advance and seeding. */
function stagePlayOf(stage: StageSettings): StagePlay {
  return {
    key: stage.key,
    name: stage.name,
    groups: stage.groups,
    advance: stage.advance,
    seeding: stage.seeding,
    decisions: stage.decisions,
    settings: { format: stage.format, rounds: stage.rounds, thirdPlaceMatch: stage.thirdPlaceMatch, rules: effectiveRules(stage.format, stage), bestOf: null },
  };
}

export function seeded(participants: { id: string; seed: number | null; group?: string | null }[]): SeededParticipant[] {
  return participants.map(({ id, seed, group }) => (group ? { id, seed, group } : { id, seed }));
}
