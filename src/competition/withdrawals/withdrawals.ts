import { Match, participantsOf } from '../match/match';

/**
 * Participants who left a running tournament, and what their leaving does to its matches. The rules are
 * idempotent: applying them again after any report (or any correction) changes nothing that is already right, so
 * they can run after every change instead of being remembered as a history of steps.
 */
export const WITHDRAWAL_REASONS = ['withdrawn', 'disqualified'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

export interface WithdrawalTerms {
  reason: WithdrawalReason;
  /** Round robin disqualification: every match of theirs, played ones included, counts for nobody. */
  voidResults: boolean;
  /** The score a forfeit records (round robin and swiss), winner's first; null leaves scores null (a 0–0 win). */
  forfeitScore: [number, number] | null;
  /** The highest match number when they left: swiss rounds numbered after it were paired without them. */
  afterMatchNumber: number;
}

export type Withdrawals = ReadonlyMap<string, WithdrawalTerms>;

/** The working copy the rules change (TournamentPlay): its live matches, and a private copy of one to change. */
export interface Workbench {
  live(): Iterable<Match>;
  write(id: string): Match;
}

/**
 * How round robin, swiss and free-for-all forfeit the open matches of those who left (formats/ pick theirs;
 * elimination brackets settle instead: `settleBracket`).
 */
export interface ForfeitRules {
  /** Round robin: a disqualification with `voidResults` voids every match of theirs, played ones included. */
  voidsResults: boolean;
  /** A forfeit between two who both left is void in any round; otherwise only in the last (later swiss rounds build on it). */
  bothLeftVoidInAnyRound: boolean;
  /** Free-for-all: a match holds the field, and stays open while two players are still in it. */
  wholeFieldMatches: boolean;
}

type Occupant = { kind: 'waiting' } | { kind: 'empty' } | { kind: 'participant'; id: string };

/** The match whose winner or loser fills a slot of a later one. */
export interface Feeder {
  from: Match;
  takes: 'winner' | 'loser';
}

/** Each filled-from-elsewhere slot (`matchId:slot`) and the match that feeds it. */
export function feedersOf(matches: Match[]): Map<string, Feeder> {
  const feeders = new Map<string, Feeder>();
  for (const from of matches) {
    if (from.nextMatchId !== null) feeders.set(`${from.nextMatchId}:${from.nextSlot}`, { from, takes: 'winner' });
    if (from.loserNextMatchId !== null) feeders.set(`${from.loserNextMatchId}:${from.loserNextSlot}`, { from, takes: 'loser' });
  }
  return feeders;
}

/**
 * Who a bracket slot is for: a seed placed at the start (a slot with no feeding match), or the winner or loser of
 * the feeding match once it is decided. Nobody comes out of a void match, and a forfeit's loser (who left) goes
 * no further, so those slots stay empty for good.
 */
function occupantOf(match: Match, slot: number, feeders: Map<string, Feeder>): Occupant {
  const feeder = feeders.get(`${match.id}:${slot}`);
  if (!feeder) {
    const id = match.opponents[slot].participantId;
    return id === null ? { kind: 'empty' } : { kind: 'participant', id };
  }
  const { from, takes } = feeder;
  if (from.status !== 'completed') return { kind: 'waiting' };
  if (takes === 'winner') return from.winnerId === null ? { kind: 'empty' } : { kind: 'participant', id: from.winnerId };
  // Nor does a loser come out of a double forfeit (issue 44): both lost, neither moves on.
  if (from.outcome !== null || from.winnerId === null) return { kind: 'empty' };
  const loser = from.opponents.find((opponent) => opponent.participantId !== from.winnerId)?.participantId ?? null;
  return loser === null ? { kind: 'empty' } : { kind: 'participant', id: loser };
}

/**
 * Elimination: every open match takes its occupants from its feeders. While an opponent is still to come, a
 * participant who left is not shown as a future opponent. Once nobody else is to come, a match with one player
 * still in is a forfeit win for them (scores null), and one with nobody in is void: the next match then goes to
 * whoever arrives. Repeats until nothing moves, since each decided match can decide the next.
 */
export function settleBracket(bench: Workbench, withdrawals: Withdrawals, now: Date): void {
  for (let moved = true; moved; ) {
    moved = false;
    const matches = [...bench.live()].sort((a, b) => a.number - b.number);
    const feeders = feedersOf(matches);
    for (const match of matches) {
      // A decided match stays decided: a forfeit win is earned like a played one, even if its winner leaves later
      // (they reached the next match, and forfeit that one), so every filled slot stays earned by its feeder.
      if (match.status === 'completed') continue;
      const occupants = match.opponents.map((_, slot) => occupantOf(match, slot, feeders));
      const isIn = (occupant: Occupant) => occupant.kind === 'participant' && !withdrawals.has(occupant.id);
      const idOf = (occupant: Occupant) => (occupant.kind === 'participant' ? occupant.id : null);
      if (occupants.some((occupant) => occupant.kind === 'waiting')) {
        moved = setSlots(bench, match, occupants.map((occupant) => (isIn(occupant) ? idOf(occupant) : null)), 'pending') || moved;
      } else if (occupants.every(isIn)) {
        moved = setSlots(bench, match, occupants.map(idOf), 'ready') || moved;
      } else {
        const stillIn = occupants.filter(isIn).map(idOf);
        decide(bench.write(match.id), occupants.map(idOf), stillIn.length === 1 ? stillIn[0] : null, null, now);
        moved = true;
      }
    }
  }
}

function setSlots(bench: Workbench, match: Match, ids: (string | null)[], status: 'pending' | 'ready'): boolean {
  if (match.status === status && match.opponents.every((opponent, slot) => opponent.participantId === ids[slot])) return false;
  const copy = bench.write(match.id);
  copy.opponents.forEach((opponent, slot) => Object.assign(opponent, { participantId: ids[slot], score: null, rank: null, result: null }));
  copy.status = status;
  return true;
}

/** Completes a match without play: a forfeit win for `winnerId`, or void when nobody is left to win it. */
function decide(match: Match, ids: (string | null)[], winnerId: string | null, scores: [number, number] | null, now: Date): void {
  match.opponents.forEach((opponent, slot) => {
    const id = ids[slot];
    const won = winnerId !== null && id === winnerId;
    Object.assign(opponent, {
      participantId: id,
      score: scores === null || winnerId === null ? null : won ? scores[0] : scores[1],
      rank: null,
      result: winnerId === null ? null : won ? 'win' : 'loss',
    });
  });
  Object.assign(match, { status: 'completed', winnerId, outcome: winnerId === null ? 'void' : 'forfeit', completedAt: now });
}

/**
 * Round robin, swiss and free-for-all: an open match against someone who left is a forfeit win for the other side
 * (void if both left). A free-for-all match stays open while two players are still in it (those who left are ranked
 * last when it is reported). A round robin disqualification with `voidResults` voids every match of theirs.
 */
export function forfeitOpenMatches(bench: Workbench, withdrawals: Withdrawals, now: Date, rules: ForfeitRules): void {
  const matches = [...bench.live()];
  const lastRound = Math.max(0, ...matches.map((match) => match.round));
  for (const match of matches) {
    const ids = participantsOf(match);
    const gone = ids.filter((id) => withdrawals.has(id));
    if (gone.length === 0) continue;
    const voiding = rules.voidsResults && gone.some((id) => withdrawals.get(id)!.voidResults);
    // A forfeit between two who both left counts for nobody (in swiss only while no later round builds on it).
    const bothLeft = match.outcome === 'forfeit' && gone.length === ids.length && ids.length === 2 && (rules.bothLeftVoidInAnyRound || match.round === lastRound);
    if (bothLeft) {
      decide(bench.write(match.id), ids, null, null, now);
      continue;
    }
    if (match.status === 'completed') {
      // A played result against a voided player stays readable, but counts for nobody.
      if (voiding && match.outcome !== 'void') {
        const copy = bench.write(match.id);
        if (copy.outcome === 'forfeit') decide(copy, ids, null, null, now);
        copy.outcome = 'void';
      }
      continue;
    }
    const stillIn = ids.filter((id) => !withdrawals.has(id));
    if (rules.wholeFieldMatches) {
      if (stillIn.length < 2) decideFreeForAll(bench.write(match.id), stillIn[0] ?? null, now);
      continue;
    }
    const winnerId = !voiding && stillIn.length === 1 ? stillIn[0] : null;
    decide(bench.write(match.id), ids, winnerId, withdrawals.get(gone[0])!.forfeitScore, now);
  }
}

/** A free-for-all round with one player (or none) still in: they win it, everyone who left shares the last place. */
function decideFreeForAll(match: Match, winnerId: string | null, now: Date): void {
  const last = winnerId === null ? 1 : 2;
  for (const opponent of match.opponents) {
    const won = opponent.participantId === winnerId;
    Object.assign(opponent, { score: null, rank: winnerId === null ? null : won ? 1 : last, result: winnerId === null ? null : won ? 'win' : 'loss' });
  }
  Object.assign(match, { status: 'completed', winnerId, outcome: winnerId === null ? 'void' : 'forfeit', completedAt: now });
}

/** A decided match back to open, as it was before it was decided without play (a played, voided one is played again). */
export function reopenDecided(match: Match): void {
  if (match.outcome === 'void' && match.opponents.some((opponent) => opponent.result !== null)) {
    match.outcome = null;
    return;
  }
  match.opponents.forEach((opponent) => Object.assign(opponent, { score: null, rank: null, result: null }));
  Object.assign(match, { status: 'ready', winnerId: null, outcome: null, completedAt: null, decider: null });
}

/** Reopens every match a participant's leaving decided (round robin, swiss, free-for-all: no bracket to settle again). */
export function reopenDecidedOf(participantId: string, bench: Workbench): void {
  for (const match of [...bench.live()]) {
    if (match.outcome !== null && participantsOf(match).includes(participantId)) reopenDecided(bench.write(match.id));
  }
}
