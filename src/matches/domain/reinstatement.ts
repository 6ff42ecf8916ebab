import { generateElimination } from './elimination';
import { FormatSettings, isBye, Match, participantsOf, SeededParticipant } from './match';
import { WithdrawalDependentsError } from './match-errors';
import { reopenDecided } from './withdrawals';

/** What taking a withdrawal back needs of the working copy (TournamentPlay). */
export interface ReinstatementBench {
  settings: FormatSettings;
  field(): SeededParticipant[];
  live(): Iterable<Match>;
  write(id: string): Match;
  remove(match: Match): void;
  /** Reported matches whose opponents or existence follow from this one's result. */
  reportedDependents(match: Match): Match[];
  /** Takes a result back out of the bracket: downstream slots empty, unreported dependents cleared. */
  undo(match: Match): void;
}

/**
 * Reopens what a participant's withdrawal decided, refusing (409) while a reported match depends on it. The caller
 * then applies the remaining withdrawals again, which puts the participant back where the bracket sends them.
 */
export function reinstateInPlay(participantId: string, afterMatchNumber: number, bench: ReinstatementBench): void {
  const format = bench.settings.format;
  if (format === 'swiss') return reinstateInSwiss(participantId, afterMatchNumber, bench);
  if (format === 'single_elimination' || format === 'double_elimination') return reinstateInBracket(participantId, bench);
  for (const match of [...bench.live()]) {
    if (match.outcome !== null && participantsOf(match).includes(participantId)) reopenDecided(bench.write(match.id));
  }
}

/** Swiss: rounds paired without them are paired again (none of their results may be in), their forfeits reopen. */
function reinstateInSwiss(participantId: string, afterMatchNumber: number, bench: ReinstatementBench): void {
  const firstNumberOfRound = new Map<number, number>();
  for (const match of bench.live()) firstNumberOfRound.set(match.round, Math.min(firstNumberOfRound.get(match.round) ?? Infinity, match.number));
  const pairedSince = [...bench.live()].filter((match) => firstNumberOfRound.get(match.round)! > afterMatchNumber);
  const reported = pairedSince.filter((match) => match.status === 'completed' && !isBye(match) && match.outcome === null);
  if (reported.length > 0) throw new WithdrawalDependentsError(reported);
  for (const match of pairedSince) bench.remove(match);
  for (const match of [...bench.live()]) {
    if (match.outcome !== null && participantsOf(match).includes(participantId)) reopenDecided(bench.write(match.id));
  }
}

/**
 * Elimination: the matches their leaving decided (a forfeit they lost, a walkover or void match a slot of theirs
 * emptied) reopen, with whatever they decided downstream; a starting slot emptied while its match waited gets
 * them back.
 */
function reinstateInBracket(participantId: string, bench: ReinstatementBench): void {
  const seededSlots = startingSlotsOf(participantId, bench);
  const matches = [...bench.live()].sort((a, b) => a.number - b.number);
  const decided = matches.filter(
    (match) => match.outcome !== null && (participantsOf(match).includes(participantId) || seededSlots.has(match.number)),
  );
  const reported = new Map<string, Match>();
  for (const match of decided) for (const dependent of bench.reportedDependents(match)) reported.set(dependent.id, dependent);
  if (reported.size > 0) throw new WithdrawalDependentsError([...reported.values()]);
  for (const match of decided) {
    bench.undo(match);
    reopenDecided(bench.write(match.id));
  }
  for (const match of matches) {
    const slot = seededSlots.get(match.number);
    const live = [...bench.live()].find((one) => one.id === match.id);
    if (slot === undefined || !live || live.status === 'completed' || live.opponents[slot].participantId !== null) continue;
    bench.write(match.id).opponents[slot].participantId = participantId;
  }
}

/** Match number → the slot the participant was seeded into at the start (their first match, byes skipped). */
function startingSlotsOf(participantId: string, bench: ReinstatementBench): Map<number, number> {
  const generated = generateElimination(bench.settings.format === 'double_elimination', bench.field(), () => 'generated');
  const slots = new Map<number, number>();
  for (const match of generated) {
    const slot = match.opponents.findIndex((opponent) => opponent.participantId === participantId);
    if (slot >= 0) slots.set(match.number, slot);
  }
  return slots;
}
