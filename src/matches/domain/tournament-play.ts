import { cloneMatch, emptyOpponent, FormatSettings, isBye, Match, NewId, newMatch, SeededParticipant, statusFromSlots, totalRounds } from './match';
import { CorrectionReopensTournamentError, DependentMatchesReportedError, MatchNotFoundError, MatchNotReadyError } from './match-errors';
import { outcomeOf, ResultReport } from './report';
import { computeStandings, StandingRow } from './standings';
import { pairNextSwissRound } from './swiss';
import { applyWithdrawals, Withdrawals, WithdrawalTerms } from './withdrawals';
import { reinstateInPlay } from './reinstatement';

export interface ReportOptions {
  /** Clear the results of reported matches that depend on this one (recursively) instead of refusing. */
  resetDependents: boolean;
  /**
   * The tournament is completed: a correction that clears reported dependents (or needs the grand-final reset)
   * reopens it, so it is accepted only with `resetDependents`.
   */
  tournamentCompleted: boolean;
  now: Date;
}

/** What one change (a report, a withdrawal, a reinstatement) did, for the caller to persist in one transaction. */
export interface PlayChanges {
  /** Existing matches that changed, the reported one included. */
  updated: Match[];
  created: Match[];
  deleted: Match[];
  /** Dependent matches whose results were cleared, as they were before. */
  cleared: Match[];
  complete: boolean;
}

/** What one report changed (or, for a dry run, would change). */
export interface ReportChanges extends PlayChanges {
  match: Match;
}

/**
 * A running tournament's matches and the rules that move them on: reporting a result (or correcting one)
 * updates this working copy; the originals passed in are never mutated.
 */
export class TournamentPlay {
  private readonly matches: Map<string, Match>;
  /** Each match written by the current report, as it was before: what a refusal restores. */
  private readonly before = new Map<string, Match>();
  private readonly written = new Set<string>();
  private readonly createdIds = new Set<string>();
  private readonly deletedIds = new Map<string, Match>();
  private readonly clearedIds = new Map<string, Match>();
  /** Matches without a result, kept up to date by each report (so completion is not a scan of every match). */
  private openCount: number;
  private readonly withdrawals: Map<string, WithdrawalTerms>;

  /**
   * `participants` (the field in seeding order) is needed only to rank (standings, final ranks) and to pair a swiss
   * round; a caller that knows a report will do neither may leave it out (`needsField` says when it is needed).
   */
  constructor(
    private readonly settings: FormatSettings,
    private readonly participants: SeededParticipant[] | undefined,
    matches: Match[],
    private readonly newId: NewId,
    withdrawals: Withdrawals = new Map(),
  ) {
    this.withdrawals = new Map(withdrawals);
    this.matches = new Map(matches.map((match) => [match.id, match]));
    this.openCount = matches.filter((match) => match.status !== 'completed').length;
  }

  all(): Match[] {
    return [...this.matches.values()].sort((a, b) => a.number - b.number);
  }

  standings(): StandingRow[] {
    return computeStandings(this.settings, this.field(), this.matches.values());
  }

  private field(): SeededParticipant[] {
    if (!this.participants) throw new Error('The field (participants in seeding order) is needed to rank or pair, and was not given.');
    return this.participants;
  }

  isComplete(): boolean {
    if (this.openCount > 0) return false;
    if (this.settings.format !== 'swiss') return true;
    let lastRound = 0;
    for (const match of this.matches.values()) lastRound = Math.max(lastRound, match.round);
    return lastRound >= this.swissRounds() || !this.enoughToPair();
  }

  /** Swiss: fewer than two still in means there is nobody left to pair. */
  private enoughToPair(): boolean {
    return this.withdrawals.size === 0 || this.field().filter((participant) => !this.withdrawals.has(participant.id)).length >= 2;
  }

  /** Swiss rounds to play: the setting, or the default for the field's size. */
  private swissRounds(): number {
    return this.settings.rounds ?? totalRounds(this.settings, this.field().length);
  }

  /**
   * Reports (or corrects) a result and moves winners and losers on. Returns what this report changed;
   * throws without changing anything on a refusal. One instance can take many reports in turn.
   */
  report(matchId: string, report: ResultReport, options: ReportOptions): ReportChanges {
    return this.tracked(() => this.apply(matchId, report, options));
  }

  /**
   * A participant leaves: their open matches are forfeited (or voided) by the format's rules, and swiss stops
   * pairing them. Their played results stand (unless a round robin disqualification voids them).
   */
  withdraw(participantId: string, terms: WithdrawalTerms, now: Date): PlayChanges {
    return this.tracked(() => {
      this.withdrawals.set(participantId, terms);
      applyWithdrawals(this.settings.format, this.bench(), this.withdrawals, now);
      if (this.settings.format === 'swiss') this.pairNextRoundWhenDone(this.lastRound(), now);
      return this.changes();
    });
  }

  /**
   * Takes a withdrawal back: the matches it decided are open again, provided no reported match depends on them
   * (409 dependent_matches_reported otherwise); swiss rounds paired without them since are paired again.
   */
  reinstate(participantId: string, now: Date): PlayChanges {
    return this.tracked(() => {
      const afterMatchNumber = this.withdrawals.get(participantId)?.afterMatchNumber ?? 0;
      this.withdrawals.delete(participantId);
      reinstateInPlay(participantId, afterMatchNumber, {
        settings: this.settings,
        field: () => this.field(),
        live: () => this.matches.values(),
        write: (id) => this.write(id),
        remove: (match) => this.remove(match),
        reportedDependents: (match) => this.dependentsOf(match).filter(isReported),
        undo: (match) => this.undo(match),
      });
      applyWithdrawals(this.settings.format, this.bench(), this.withdrawals, now, true);
      if (this.settings.format === 'swiss') this.pairNextRoundWhenDone(this.lastRound(), now);
      return this.changes();
    });
  }

  private tracked<T>(work: () => T): T {
    for (const tracked of [this.before, this.written, this.createdIds, this.deletedIds, this.clearedIds]) tracked.clear();
    const withdrawals = new Map(this.withdrawals);
    const openCount = this.openCount;
    try {
      return work();
    } catch (error) {
      this.rollBack();
      this.openCount = openCount;
      this.withdrawals.clear();
      for (const [id, terms] of withdrawals) this.withdrawals.set(id, terms);
      throw error;
    }
  }

  private bench() {
    return { live: () => this.matches.values(), write: (id: string) => this.write(id) };
  }

  private lastRound(): number {
    let last = 0;
    for (const match of this.matches.values()) last = Math.max(last, match.round);
    return last;
  }

  private rollBack(): void {
    for (const id of this.createdIds) this.matches.delete(id);
    for (const [id, match] of [...this.before, ...this.deletedIds]) this.matches.set(id, match);
  }

  private apply(matchId: string, report: ResultReport, options: ReportOptions): ReportChanges {
    const current = this.matches.get(matchId);
    if (!current) throw new MatchNotFoundError();
    if (isBye(current)) throw new MatchNotReadyError('A bye is not played: it counts as a win, and there is no result to report.');
    if (current.status === 'pending') throw new MatchNotReadyError('This match is not ready: an opponent is not known yet.');
    if (current.outcome !== null) {
      throw new MatchNotReadyError('This match was decided by a withdrawal, not played: reinstate the participant to play it.');
    }
    const outcome = outcomeOf(this.settings.format, current, report, this.withdrawals);

    if (current.status === 'completed') {
      const reported = this.dependentsOf(current).filter(isReported);
      if (reported.length > 0 && !options.resetDependents) {
        throw new DependentMatchesReportedError(
          reported.sort((a, b) => a.number - b.number),
          options.tournamentCompleted,
        );
      }
      this.undo(current);
    }

    const match = this.write(matchId);
    match.opponents.forEach((opponent, slot) => {
      opponent.score = outcome.scores[slot];
      opponent.rank = outcome.ranks[slot];
      opponent.result = outcome.results[slot];
    });
    Object.assign(match, { winnerId: outcome.winnerId, status: 'completed', completedAt: options.now });
    this.moveOn(match, options.now);
    applyWithdrawals(this.settings.format, this.bench(), this.withdrawals, options.now);
    const changes = this.changes();
    // A correction that leaves a completed tournament with matches to play (a reset, a forfeit no longer decided) reopens it: only on request.
    if (options.tournamentCompleted && !options.resetDependents && !changes.complete) throw new CorrectionReopensTournamentError();
    return { match: this.matches.get(matchId)!, ...changes };
  }

  private changes(): PlayChanges {
    const live = (id: string) => this.matches.get(id)!;
    const open = (list: Iterable<Match | undefined>) => [...list].filter((one) => one !== undefined && one.status !== 'completed').length;
    this.openCount +=
      open([...this.written].map((id) => this.matches.get(id))) -
      open([...this.before.values()]) -
      open([...this.deletedIds.values()].filter((deleted) => !this.before.has(deleted.id)));
    return {
      updated: [...this.written].filter((id) => !this.createdIds.has(id) && this.matches.has(id)).map(live),
      created: [...this.createdIds].filter((id) => this.matches.has(id)).map(live),
      deleted: [...this.deletedIds.values()],
      cleared: [...this.clearedIds.values()].sort((a, b) => a.number - b.number),
      complete: this.isComplete(),
    };
  }

  /** Every match whose opponents or existence follow from this one's result. */
  private dependentsOf(match: Match): Match[] {
    if (this.settings.format === 'swiss') return [...this.matches.values()].filter((other) => other.round > match.round);
    const found = new Map<string, Match>();
    const queue = [match];
    while (queue.length > 0) {
      const from = queue.pop()!;
      for (const id of [from.nextMatchId, from.loserNextMatchId]) {
        const next = id === null ? undefined : this.matches.get(id);
        if (next && !found.has(next.id)) {
          found.set(next.id, next);
          queue.push(next);
        }
      }
    }
    return [...found.values()];
  }

  /** Takes a result back out of the bracket before it is replaced: downstream slots empty, dependent results cleared. */
  private undo(match: Match): void {
    if (this.settings.format === 'swiss') {
      for (const later of [...this.matches.values()].filter((other) => other.round > match.round)) this.remove(later);
      return;
    }
    if (match.nextMatchId !== null) this.unplace(match, match.nextMatchId, match.nextSlot!);
    if (match.loserNextMatchId !== null) this.unplace(match, match.loserNextMatchId, match.loserNextSlot!);
  }

  private unplace(feeder: Match, targetId: string, slot: number): void {
    if (!this.matches.has(targetId)) return;
    if (isGrandFinalReset(this.matches.get(targetId)!)) {
      this.remove(this.matches.get(targetId)!);
      Object.assign(this.write(feeder.id), { nextMatchId: null, nextSlot: null, loserNextMatchId: null, loserNextSlot: null });
      return;
    }
    const target = this.write(targetId);
    if (target.status === 'completed') {
      // A forfeit is not a reported result: it is decided again once the bracket settles.
      if (isReported(target)) this.clearedIds.set(target.id, this.before.get(target.id)!);
      this.undo(target);
      target.opponents.forEach((opponent) => Object.assign(opponent, { score: null, rank: null, result: null }));
      Object.assign(target, { winnerId: null, completedAt: null, outcome: null });
    }
    target.opponents[slot] = emptyOpponent();
    target.status = 'pending';
  }

  private moveOn(match: Match, now: Date): void {
    if (this.settings.format === 'swiss') return this.pairNextRoundWhenDone(match.round, now);
    if (this.settings.format !== 'single_elimination' && this.settings.format !== 'double_elimination') return;
    const loserId = match.opponents.find((opponent) => opponent.participantId !== match.winnerId)!.participantId;
    if (match.bracket === 'grand_final' && match.round === 1 && match.opponents[1].participantId === match.winnerId) {
      this.createReset(match);
    }
    if (match.nextMatchId !== null) this.place(match.nextMatchId, match.nextSlot!, match.winnerId!);
    if (match.loserNextMatchId !== null) this.place(match.loserNextMatchId, match.loserNextSlot!, loserId!);
  }

  /** The losers' bracket finalist won the grand final: one more match decides it, created only now. */
  private createReset(grandFinal: Match): void {
    const reset = newMatch({
      id: this.newId(),
      number: this.nextNumber(),
      round: 2,
      bracket: 'grand_final',
      status: 'pending',
      opponents: [emptyOpponent(), emptyOpponent()],
    });
    this.add(reset);
    Object.assign(grandFinal, { nextMatchId: reset.id, nextSlot: 1, loserNextMatchId: reset.id, loserNextSlot: 0 });
  }

  private place(targetId: string, slot: number, participantId: string): void {
    const target = this.write(targetId);
    target.opponents[slot] = emptyOpponent(participantId);
    target.status = statusFromSlots(target);
  }

  private pairNextRoundWhenDone(round: number, now: Date): void {
    const played: Match[] = [];
    for (const match of this.matches.values()) {
      if (match.round > round) return;
      if (match.status !== 'completed') return;
      played.push(match);
    }
    if (round >= this.swissRounds() || !this.enoughToPair()) return;
    const paired = pairNextSwissRound(this.settings, this.field(), played, round + 1, this.nextNumber(), this.newId, new Set(this.withdrawals.keys()));
    for (const match of paired) {
      this.add(match.status === 'completed' ? { ...match, completedAt: now } : match);
    }
  }

  private nextNumber(): number {
    let highest = 0;
    for (const match of this.matches.values()) highest = Math.max(highest, match.number);
    return highest + 1;
  }

  /** A private copy of a match to change: the caller's objects stay as they were. */
  private write(id: string): Match {
    if (!this.written.has(id)) {
      const current = this.matches.get(id)!;
      this.before.set(id, current);
      this.matches.set(id, cloneMatch(current));
      this.written.add(id);
    }
    return this.matches.get(id)!;
  }

  private add(match: Match): void {
    this.matches.set(match.id, match);
    this.written.add(match.id);
    this.createdIds.add(match.id);
  }

  private remove(match: Match): void {
    const previous = this.before.get(match.id) ?? match;
    if (isReported(previous)) this.clearedIds.set(match.id, previous);
    this.matches.delete(match.id);
    if (!this.createdIds.has(match.id)) this.deletedIds.set(match.id, previous);
  }
}

/** A result someone reported: not a swiss bye, nor a match decided by a withdrawal. */
function isReported(match: Match): boolean {
  return match.status === 'completed' && !isBye(match) && match.outcome === null;
}

function isGrandFinalReset(match: Match): boolean {
  return match.bracket === 'grand_final' && match.round === 2;
}

/**
 * Whether reporting `match` may rank or pair, so that TournamentPlay needs the field: a correction, the report that
 * closes a swiss round, or one that may complete the tournament (no other match is open).
 */
export function needsField(format: FormatSettings['format'], matches: Match[], match: Match): boolean {
  if (match.status === 'completed') return true;
  return !matches.some((other) => other.id !== match.id && other.status !== 'completed' && (format !== 'swiss' || other.round === match.round));
}
