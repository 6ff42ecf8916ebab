import { Format, PlayBench } from '../formats/format';
import { formatOf } from '../formats/registry';
import { cloneMatch, FormatSettings, isBye, isReported, Match, NewId, SeededParticipant } from '../match/match';
import { CorrectionReopensTournamentError, DependentMatchesReportedError, MatchNotFoundError, MatchNotReadyError } from '../match/match-errors';
import { notPlayedOutcome, ResultReport } from '../match/report';
import { deciderOf } from '../decider/decider';
import { bestOfFor, readSeries, Series } from '../series/series';
import { InvalidError } from '../../kernel/domain-error';
import { StandingRow } from '../ranking/ranking';
import { computeStandings } from '../ranking/standings';
import { Withdrawals, WithdrawalTerms } from '../withdrawals/withdrawals';

export interface ReportOptions {
  /** Clear the results of reported matches that depend on this one (recursively) instead of refusing. */
  resetDependents: boolean;
  /**
   * The tournament is completed: a correction that clears reported dependents (or needs the grand-final reset)
   * reopens it, so it is accepted only with `resetDependents`.
   */
  tournamentCompleted: boolean;
  now: Date;
  /**
   * Another match of the result's quiet scope (Format.quietWhileOpen) is open, and the play holds only the reported
   * match: nothing moves on.
   */
  othersStillOpen?: boolean;
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

/** A format wrote a match the play does not hold: a play of part of a tournament (reportAlongLinks) reached past it. */
export class OutsidePlayError extends Error {
  constructor(readonly matchId: string) {
    super(`match ${matchId} is not in this play`);
  }
}

/**
 * A running tournament's matches and the bookkeeping of a change to them: reporting a result (or correcting one),
 * a withdrawal, a reinstatement update this working copy, and the tournament's format (formats/) says what moves
 * on; the originals passed in are never mutated.
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
  private readonly format: Format;
  /** What the format reads and changes of this working copy. */
  private readonly bench: PlayBench;

  /**
   * `participants` (the field in seeding order) is needed only to rank (standings, final ranks) and to pair a swiss
   * round; a caller that knows a report will do neither may leave it out (`needsField` says when it is needed).
   */
  constructor(
    private readonly settings: FormatSettings,
    private readonly participants: SeededParticipant[] | undefined,
    matches: Match[],
    newId: NewId,
    withdrawals: Withdrawals = new Map(),
  ) {
    this.withdrawals = new Map(withdrawals);
    this.matches = new Map(matches.map((match) => [match.id, match]));
    this.openCount = matches.filter((match) => match.status !== 'completed').length;
    this.format = formatOf(settings.format);
    this.bench = {
      settings,
      withdrawals: this.withdrawals,
      field: () => this.field(),
      live: () => this.matches.values(),
      get: (id) => this.matches.get(id),
      write: (id) => this.write(id),
      add: (match) => this.add(match),
      remove: (match) => this.remove(match),
      markCleared: (id) => this.clearedIds.set(id, this.before.get(id)!),
      newId,
      nextNumber: () => this.nextNumber(),
      reportedDependents: (match) => this.format.dependentsOf(match, this.bench).filter(isReported),
      undo: (match) => this.format.undo(match, this.bench),
    };
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
    return this.openCount === 0 && this.format.isComplete(this.bench);
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
      this.settleWithdrawals(now);
      this.format.afterFieldChange(this.bench, now);
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
      this.format.reinstate(participantId, afterMatchNumber, this.bench);
      this.settleWithdrawals(now, true);
      this.format.afterFieldChange(this.bench, now);
      return this.changes();
    });
  }

  /**
   * Applies what the settings now say without a new result: a staged tournament's organiser decision fills the
   * next stage (the format's withdrawal pass, idempotent, also moves stages on).
   */
  settle(now: Date): PlayChanges {
    return this.tracked(() => {
      this.format.applyWithdrawals(this.bench, this.withdrawals, now);
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

  /**
   * Applies every withdrawal by the format's rules. Without withdrawals there is nothing to do, unless one was just
   * taken back (`always`: a bracket is settled again).
   */
  private settleWithdrawals(now: Date, always = false): void {
    if (this.withdrawals.size === 0 && !always) return;
    this.format.applyWithdrawals(this.bench, this.withdrawals, now);
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
      throw new MatchNotReadyError(
        'This match was decided without being played, by a withdrawal (reinstate the participant to play it) or as a walkover after a double forfeit (correct that match).',
      );
    }
    const notPlayed = report.outcome;
    const decider = deciderOf(this.settings.format, current, report);
    if (notPlayed !== undefined && this.format.reportsRanks) {
      throw InvalidError.field('/outcome', `${this.settings.format} matches are reported as ranks: a player who did not show is ranked last.`);
    }
    // A retirement of a series under way keeps the games reported so far unless it sends them.
    if (notPlayed === 'retired' && report.games === undefined && report.scores === undefined && current.status === 'in_progress') {
      report = { ...report, games: current.games.map((game) => (game.winnerId === null ? { scores: game.scores } : { scores: game.scores, winner_id: game.winnerId })) };
    }
    // Only a retirement has games to read (those played before it); a forfeit's are refused with it.
    const series = report.games === undefined || (notPlayed !== undefined && notPlayed !== 'retired') ? null : this.seriesOf(current, report);
    if (series !== null && !series.decided && notPlayed === undefined) return this.keepSeriesOpen(current, series, report);
    if (series !== null && series.decided && notPlayed === 'retired') {
      throw InvalidError.field('/outcome', `the games decide the series (${series.won[0]}–${series.won[1]}): leave out outcome, or send only the games played before the retirement.`);
    }
    const outcome =
      notPlayed !== undefined
        ? notPlayedOutcome(current, { ...report, outcome: notPlayed }, series?.won ?? null)
        : this.format.outcomeOf(current, series === null ? report : { scores: series.won, winnerId: report.winnerId }, this.withdrawals, this.settings);

    if (current.status === 'completed') {
      // A series under way downstream is cleared like a reported result: only on request.
      const reported = this.format.dependentsOf(current, this.bench).filter((match) => isReported(match) || match.status === 'in_progress');
      if (reported.length > 0 && !options.resetDependents) {
        throw new DependentMatchesReportedError(
          reported.sort((a, b) => a.number - b.number),
          options.tournamentCompleted,
        );
      }
      this.format.undo(current, this.bench);
    }

    this.bench.resetDependents = options.resetDependents;
    const match = this.write(matchId);
    match.opponents.forEach((opponent, slot) => {
      opponent.score = outcome.scores[slot];
      opponent.rank = outcome.ranks[slot];
      opponent.result = outcome.results[slot];
    });
    Object.assign(match, { winnerId: outcome.winnerId, status: 'completed', completedAt: options.now, games: series?.games ?? [], reportedOutcome: notPlayed ?? null, decider });
    if (!options.othersStillOpen) this.format.moveOn(match, this.bench, options.now);
    this.settleWithdrawals(options.now);
    const changes = this.changes(options.othersStillOpen);
    // A correction that leaves a completed tournament with matches to play (a reset, a forfeit no longer decided) reopens it: only on request.
    if (options.tournamentCompleted && !options.resetDependents && !changes.complete) throw new CorrectionReopensTournamentError();
    return { match: this.matches.get(matchId)!, ...changes };
  }

  /** A report's games read against the match and its best_of; `scores` sent with them must be the games won. */
  private seriesOf(current: Match, report: ResultReport): Series {
    if (this.format.reportsRanks) throw InvalidError.field('/games', `${this.settings.format} matches are reported as ranks, not as games.`);
    if (report.ranks !== undefined) throw InvalidError.field('/ranks', 'ranks are for free-for-all matches; send games (and winner_id where no game decides).');
    if (report.games!.length === 0) throw InvalidError.field('/games', 'must hold at least one game.');
    const series = readSeries(report.games!, current, bestOfFor(this.settings, current), this.format.drawsAllowed);
    if (report.scores !== undefined && (report.scores.length !== 2 || report.scores.some((score, slot) => score !== series.won[slot]))) {
      throw InvalidError.field('/scores', `must be the games won, [${series.won.join(', ')}], or left out (the service counts them).`);
    }
    return series;
  }

  /** Games of a series not decided yet: the match is `in_progress`, its scores the games won so far; nothing moves on. */
  private keepSeriesOpen(current: Match, series: Series, report: ResultReport): ReportChanges {
    const state = `${series.won[0]}–${series.won[1]} after ${series.games.length} game${series.games.length === 1 ? '' : 's'} of best of ${bestOfFor(this.settings, current)}`;
    if (current.status === 'completed') {
      throw InvalidError.field('/games', `a correction must decide the series (${state}): send every game played.`);
    }
    if (report.winnerId !== undefined) throw InvalidError.field('/winner_id', `the series is not decided (${state}): send the games alone to keep it in progress.`);
    const match = this.write(current.id);
    match.opponents.forEach((opponent, slot) => Object.assign(opponent, { score: series.won[slot], rank: null, result: null }));
    Object.assign(match, { winnerId: null, status: 'in_progress', completedAt: null, games: series.games, decider: null });
    return { match, ...this.changes() };
  }

  /** What changed since the play began; `othersStillOpen`: the play holds only part of an unfinished tournament. */
  private changes(othersStillOpen = false): PlayChanges {
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
      complete: !othersStillOpen && this.isComplete(),
    };
  }

  private nextNumber(): number {
    let highest = 0;
    for (const match of this.matches.values()) highest = Math.max(highest, match.number);
    return highest + 1;
  }

  /** A private copy of a match to change: the caller's objects stay as they were. */
  private write(id: string): Match {
    if (!this.written.has(id)) {
      const current = this.matches.get(id);
      if (!current) throw new OutsidePlayError(id);
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

/**
 * Whether reporting `match` may rank or pair, so that TournamentPlay needs the field: a correction, the report that
 * closes a swiss round, or one that may complete the tournament (no other match is open).
 */
export function needsField(format: FormatSettings['format'], matches: Match[], match: Match): boolean {
  return formatOf(format).needsField(matches, match);
}
