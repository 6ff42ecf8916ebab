/*
 * What single and double elimination share: a bracket drawn whole at the start (elimination.ts), whose matches
 * link to the match their winner (and loser) moves on to. A report places the winner and loser along the links,
 * a correction takes them back out, withdrawals settle the bracket again, and the table ranks by how far each
 * participant got. Each format file gives the bracket its generator and how its stages are ordered.
 */
import { emptyOpponent, isReported, Match, MatchFormat, NewId, newMatch, participantsOf, SeededParticipant, statusFromSlots } from '../match/match';
import { WithdrawalDependentsError } from '../match/match-errors';
import { rankedByKeys, StandingRow, tally, pointsByResult, WINS_ONLY } from '../ranking/ranking';
import { headToHeadOutcome } from '../match/report';
import { reopenDecided, settleBracket } from '../withdrawals/withdrawals';
import { Format, mayRankOrPair, PlayBench } from '../formats/format';

export interface BracketRules {
  /** A first loss leaves a participant in (the losers' bracket): the standings rank the undefeated above them. */
  secondChance: boolean;
  /** Play order of a match's stage, for how far a participant got (`winnersRounds`: rounds of the winners' bracket). */
  stageOf(match: Match, winnersRounds: number): number;
  /** The bracket as generated for this field, with placeholder ids: where each participant was seeded. */
  startingBracket(field: SeededParticipant[], newId: NewId): Match[];
}

/** The Format of an elimination bracket; its file adds generation and size. */
export function eliminationBracket(name: MatchFormat, rules: BracketRules): Omit<Format, 'generate' | 'estimatedMatches'> {
  return {
    name,
    layout: 'bracket',
    drawsAllowed: false,
    reportsRanks: false,
    withdrawalTerms: { voidResults: false, forfeitScore: false },
    roundsToPlay: () => null,
    roundsFixedAtStart: () => null,
    quietWhileOpen: () => null,
    onwardTargets,
    outcomeOf: (match, report) => headToHeadOutcome(name, false, match, report),
    moveOn,
    dependentsOf: linkedDependents,
    undo,
    // After a double forfeit, a report may complete the bracket through the walkovers it makes.
    needsField: (matches, match) => mayRankOrPair(matches, match, false) || match.reportedOutcome === 'double_forfeit' || matches.some((one) => one.reportedOutcome === 'double_forfeit'),
    applyWithdrawals: (bench, withdrawals, now) => settleBracket(bench, withdrawals, now),
    reinstate: (participantId, _afterMatchNumber, bench) => reinstateInBracket(participantId, bench, rules),
    afterFieldChange: () => undefined,
    standings: (_settings, participants, matches) => standingsByStage(participants, matches, rules),
    reached: (matches, field = []) => reachedInWords(matches, rules, field),
    isComplete: () => true,
  };
}

/** A grand final's result may create its reset, and a match that links nowhere (a final) may complete the bracket. */
function onwardTargets(match: Match): string[] | null {
  const targets = [match.nextMatchId, match.loserNextMatchId].filter((id): id is string => id !== null);
  return match.bracket === 'grand_final' || targets.length === 0 ? null : targets;
}

/** The winner (and the loser) take their slots in the matches the links name; a grand final lost by the winners' side gets its reset. */
function moveOn(match: Match, bench: PlayBench, now: Date): void {
  if (match.winnerId === null) {
    // A double forfeit (issue 44): nobody moves on, and the matches it fed may now be walkovers.
    for (const id of [match.nextMatchId, match.loserNextMatchId]) if (id !== null) walkoverIfDecided(bench, id, now);
    return;
  }
  const loserId = match.opponents.find((opponent) => opponent.participantId !== match.winnerId)!.participantId;
  if (match.bracket === 'grand_final' && match.round === 1 && match.opponents[1].participantId === match.winnerId) {
    createReset(match, bench);
  }
  if (match.nextMatchId !== null) place(bench, match.nextMatchId, match.nextSlot!, match.winnerId!);
  // A walkover has no loser to send on: that slot stays empty for good.
  if (match.loserNextMatchId !== null) place(bench, match.loserNextMatchId, match.loserNextSlot!, loserId);
  for (const id of [match.nextMatchId, match.loserNextMatchId]) {
    if (id !== null && bench.get(id)!.status === 'pending') walkoverIfDecided(bench, id, now);
  }
}

/**
 * A match one of whose slots nobody will take (its feeder was a double forfeit, or a walkover with no loser to send)
 * is decided as soon as every other slot is known: a walkover (`forfeit`, no scores) for the one participant in it,
 * void with none. The winner moves on, which may decide the next match the same way.
 */
function walkoverIfDecided(bench: PlayBench, targetId: string, now: Date): void {
  const target = bench.get(targetId);
  if (!target || target.status === 'completed' || target.opponents.every((opponent) => opponent.participantId !== null)) return;
  const feeders = new Map<number, { from: Match; takes: 'winner' | 'loser' }>();
  for (const from of bench.live()) {
    if (from.nextMatchId === targetId) feeders.set(from.nextSlot!, { from, takes: 'winner' });
    if (from.loserNextMatchId === targetId) feeders.set(from.loserNextSlot!, { from, takes: 'loser' });
  }
  let nobody = false;
  for (const [slot, opponent] of target.opponents.entries()) {
    if (opponent.participantId !== null) continue;
    const feeder = feeders.get(slot);
    if (feeder === undefined || feeder.from.status !== 'completed') return;
    const sendsNobody = feeder.from.winnerId === null || (feeder.takes === 'loser' && feeder.from.opponents.some((one) => one.participantId === null));
    if (!sendsNobody) return;
    nobody = true;
  }
  if (!nobody) return;
  const walkover = bench.write(targetId);
  const stillIn = walkover.opponents.flatMap((opponent) => (opponent.participantId === null ? [] : [opponent.participantId]));
  const winnerId = stillIn.length === 1 ? stillIn[0] : null;
  walkover.opponents.forEach((opponent) => Object.assign(opponent, { score: null, rank: null, result: winnerId !== null && opponent.participantId === winnerId ? 'win' : null }));
  Object.assign(walkover, { status: 'completed', winnerId, outcome: winnerId === null ? 'void' : 'forfeit', completedAt: now, games: [], reportedOutcome: null, decider: null });
  moveOn(walkover, bench, now);
}

/** The losers' bracket finalist won the grand final: one more match decides it, created only now. */
function createReset(grandFinal: Match, bench: PlayBench): void {
  const reset = newMatch({
    id: bench.newId(),
    number: bench.nextNumber(),
    round: 2,
    bracket: 'grand_final',
    status: 'pending',
    opponents: [emptyOpponent(), emptyOpponent()],
  });
  bench.add(reset);
  Object.assign(grandFinal, { nextMatchId: reset.id, nextSlot: 1, loserNextMatchId: reset.id, loserNextSlot: 0 });
}

function place(bench: PlayBench, targetId: string, slot: number, participantId: string | null): void {
  const target = bench.write(targetId);
  target.opponents[slot] = emptyOpponent(participantId);
  target.status = statusFromSlots(target);
}

/** Every match reached from this one along the winner's and loser's links. */
function linkedDependents(match: Match, bench: PlayBench): Match[] {
  const found = new Map<string, Match>();
  const queue = [match];
  while (queue.length > 0) {
    const from = queue.pop()!;
    for (const id of [from.nextMatchId, from.loserNextMatchId]) {
      const next = id === null ? undefined : bench.get(id);
      if (next && !found.has(next.id)) {
        found.set(next.id, next);
        queue.push(next);
      }
    }
  }
  return [...found.values()];
}

/** Takes a result back out of the bracket before it is replaced: downstream slots empty, dependent results cleared. */
function undo(match: Match, bench: PlayBench): void {
  if (match.nextMatchId !== null) unplace(bench, match, match.nextMatchId, match.nextSlot!);
  if (match.loserNextMatchId !== null) unplace(bench, match, match.loserNextMatchId, match.loserNextSlot!);
}

function unplace(bench: PlayBench, feeder: Match, targetId: string, slot: number): void {
  const existing = bench.get(targetId);
  if (!existing) return;
  if (isGrandFinalReset(existing)) {
    bench.remove(existing);
    Object.assign(bench.write(feeder.id), { nextMatchId: null, nextSlot: null, loserNextMatchId: null, loserNextSlot: null });
    return;
  }
  const target = bench.write(targetId);
  if (target.status === 'completed' || target.status === 'in_progress') {
    // A forfeit is not a reported result: it is decided again once the bracket settles. A series under way loses its games.
    if (isReported(target) || target.status === 'in_progress') bench.markCleared(target.id);
    if (target.status === 'completed') undo(target, bench);
    target.opponents.forEach((opponent) => Object.assign(opponent, { score: null, rank: null, result: null }));
    Object.assign(target, { winnerId: null, completedAt: null, outcome: null, games: [], reportedOutcome: null, decider: null });
  }
  target.opponents[slot] = emptyOpponent();
  target.status = 'pending';
}

function isGrandFinalReset(match: Match): boolean {
  return match.bracket === 'grand_final' && match.round === 2;
}

/**
 * Reinstatement: the matches their leaving decided (a forfeit they lost, a walkover or void match a slot of theirs
 * emptied) reopen, with whatever they decided downstream; a starting slot emptied while its match waited gets
 * them back. A forfeit they won was decided by someone else's leaving, and stays.
 */
function reinstateInBracket(participantId: string, bench: PlayBench, rules: BracketRules): void {
  const seededSlots = startingSlotsOf(participantId, bench, rules);
  const matches = [...bench.live()].sort((a, b) => a.number - b.number);
  const decided = matches.filter(
    (match) =>
      match.outcome !== null && match.winnerId !== participantId && (participantsOf(match).includes(participantId) || seededSlots.has(match.number)),
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
function startingSlotsOf(participantId: string, bench: PlayBench, rules: BracketRules): Map<number, number> {
  const generated = rules.startingBracket(bench.field(), () => 'generated');
  const slots = new Map<number, number>();
  for (const match of generated) {
    const slot = match.opponents.findIndex((opponent) => opponent.participantId === participantId);
    if (slot >= 0) slots.set(match.number, slot);
  }
  return slots;
}

function winnersRoundsOf(matches: readonly Match[]): number {
  return Math.max(0, ...matches.filter((match) => match.bracket === 'winners').map((match) => match.round));
}

interface Progress {
  stage: number;
  eliminated: boolean;
  /** Lost a match (in double elimination, one loss drops a participant to the losers' bracket). */
  lost: boolean;
  /** In the third-place match: still playing, for third place only. */
  placementOnly: boolean;
}

/**
 * How far each participant got, and whether they are out: a loss put them out, or they left (the match a result
 * sent them to no longer shows them, or they are in no match at all).
 */
function progressOf(participants: readonly SeededParticipant[], matches: Match[], rules: BracketRules): Map<string, Progress> {
  const winnersRounds = winnersRoundsOf(matches);
  const progress = new Map<string, Progress>();
  for (const match of matches) {
    for (const opponent of match.opponents) {
      if (opponent.participantId === null) continue;
      const entry = progress.get(opponent.participantId) ?? { stage: 0, eliminated: false, lost: false, placementOnly: false };
      entry.stage = Math.max(entry.stage, rules.stageOf(match, winnersRounds));
      if (opponent.result === 'loss') entry.lost = true;
      if (match.bracket === 'third_place') entry.placementOnly = true;
      // A forfeit's loser left the tournament: out, even where a loss would drop them to the losers' bracket.
      if (opponent.result === 'loss' && (match.loserNextMatchId === null || match.outcome !== null)) entry.eliminated = true;
      if (match.outcome === 'void' || match.reportedOutcome === 'double_forfeit') entry.eliminated = true;
      progress.set(opponent.participantId, entry);
    }
  }
  // Left while waiting for the match a result sent them to: it shows them no more until it is decided.
  const byId = new Map(matches.map((match) => [match.id, match]));
  for (const match of matches) {
    if (match.status !== 'completed') continue;
    for (const [id, targetId, slot] of sentOn(match)) {
      const target = targetId === null ? undefined : byId.get(targetId);
      if (id !== null && target && target.status !== 'completed' && target.opponents[slot!].participantId !== id) progress.get(id)!.eliminated = true;
    }
  }
  // Every participant is placed at the start, so one in no match left holding a bye, before playing: out in round 1,
  // as if they had forfeited a round-1 match (a bye is not a win).
  const firstRound = firstRoundOf(matches);
  if (firstRound) {
    for (const { id } of participants) {
      if (!progress.has(id)) progress.set(id, { stage: rules.stageOf(firstRound, winnersRounds), eliminated: true, lost: false, placementOnly: false });
    }
  }
  return progress;
}

/** Who a completed match sends on, and where: its winner, and its loser when it was played (a forfeit's loser goes no further). */
function sentOn(match: Match): [string | null, string | null, number | null][] {
  const loser = match.outcome === null ? (match.opponents.find((opponent) => opponent.participantId !== match.winnerId)?.participantId ?? null) : null;
  return [
    [match.winnerId, match.nextMatchId, match.nextSlot],
    [loser, match.loserNextMatchId, match.loserNextSlot],
  ];
}

/** A match of the bracket's first round (the main or winners' bracket), if there is one. */
function firstRoundOf(matches: readonly Match[]): Match | undefined {
  return matches.find((match) => match.round === 1 && (match.bracket === 'main' || match.bracket === 'winners'));
}

/**
 * Ranked by where each participant still stands: in contention for the title (still in, and not only playing for
 * third place) above everyone else; among them, in double elimination, those without a loss (the winners' bracket)
 * above those with one (the losers' bracket); then the furthest stage first, and still in above out at the same stage.
 * So a player who has not played yet is never below one who lost, and once the bracket is complete the order is how
 * far each got.
 */
function standingsByStage(participants: SeededParticipant[], matches: Match[], rules: BracketRules): StandingRow[] {
  const tallies = tally(participants, matches, pointsByResult(WINS_ONLY));
  const progress = progressOf(participants, matches, rules);
  const keys = [{ name: 'in_contention' }, ...(rules.secondChance ? [{ name: 'undefeated' }] : []), { name: 'stage_reached' }, { name: 'still_in' }];
  return rankedByKeys(tallies, keys, (row) => {
    const entry = progress.get(row.participant.id);
    const stillIn = !(entry?.eliminated ?? false);
    const inContention = stillIn && !(entry?.placementOnly ?? false);
    return {
      in_contention: inContention,
      // Only for those in contention: the others are ranked by how far they got, whatever they lost on the way.
      undefeated: inContention ? !(entry?.lost ?? false) : null,
      stage_reached: entry?.stage ?? 0,
      still_in: stillIn,
    };
  });
}

/**
 * Where each participant got to, in words a reader knows from the bracket itself: "winners round 2", "losers
 * round 3", "grand final", "grand final reset" in double elimination; "round 1", "final", "third-place match" in single.
 */
function reachedInWords(matches: readonly Match[], rules: BracketRules, field: readonly SeededParticipant[]): Map<string, string> {
  const reached = new Map<string, { stage: number; words: string }>();
  const winnersRounds = winnersRoundsOf(matches);
  const finalRound = Math.max(0, ...matches.filter((match) => match.bracket === 'main').map((match) => match.round));
  for (const match of matches) {
    const stage = rules.stageOf(match, winnersRounds);
    const words = describe(match, finalRound);
    for (const { participantId } of match.opponents) {
      if (participantId === null) continue;
      const known = reached.get(participantId);
      if (!known || stage > known.stage) reached.set(participantId, { stage, words });
    }
  }
  // One who left holding a bye, before playing, is in no match: out in the first round (progressOf).
  const firstRound = firstRoundOf(matches);
  if (firstRound) for (const { id } of field) if (!reached.has(id)) reached.set(id, { stage: 0, words: describe(firstRound, finalRound) });
  return new Map([...reached].map(([id, { words }]) => [id, words]));
}

function describe(match: Match, finalRound: number): string {
  switch (match.bracket) {
    case 'winners':
    case 'losers':
      return `${match.bracket} round ${match.round}`;
    case 'grand_final':
      return match.round === 1 ? 'grand final' : 'grand final reset';
    case 'third_place':
      return 'third-place match';
    case 'main':
      return match.round === finalRound ? 'final' : `round ${match.round}`;
  }
}
