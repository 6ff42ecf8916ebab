import { Injectable } from '@nestjs/common';
import { EventLog, NewEvent } from '../events';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { ConflictError, InvalidError, PreconditionFailedError } from '../kernel/domain-error';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { Participant } from '../participants';
import { reinstate, withdraw, WithdrawalReason } from '../participants';
import { Tournament } from '../tournaments';
import { locksSetup } from '../tournaments';
import { formatOf } from '../competition';
import { MatchRecord, MatchRepository, recordsOf } from './domain/match.repository';
import { FieldChange } from './domain/match-tasks';
import { MatchWork } from './match-work';
import { presentMatch } from './dto/match.presenter';
import { presentParticipant } from '../participants';
import { Entrants, MatchesService } from './matches.service';
import { seeded, settingsOf } from './play-settings';
import { withdrawalTermsOf } from './withdrawal-terms';
import { StandingsRefreshes } from './domain/standings-refreshes';
import { StandingsRefresher } from './standings-refresher.service';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';

export interface WithdrawalRequest {
  reason: WithdrawalReason;
  note: string | null;
  voidResults: boolean;
  forfeitScore: [number, number] | null;
}

/** What a withdrawal (or its undoing) did: null participant when, before the start, it was a plain removal. */
export interface WithdrawalResult {
  participant: Participant | null;
  changed: MatchRecord[];
  created: MatchRecord[];
  deleted: MatchRecord[];
  tournamentCompleted: boolean;
  /** Names and seeds of the changed matches' opponents, for their wire form. */
  entrants: Entrants;
}

/** Withdrawals happen while play runs: before the start a participant is removed, afterwards the field is final. */
export class TournamentNotRunningError extends ConflictError {
  constructor(status: string) {
    super('tournament_not_running', `The tournament is ${status}: participants withdraw (or come back) only while it is in progress.`, { tournament_status: status });
  }
}

/**
 * Use cases of participants leaving a running tournament (issue 32): withdraw or disqualify one, and take that back.
 * Each is one transaction under the tournament's lock, like a report: the participant's status and every match
 * the format's rules decide by forfeit change together.
 */
@Injectable()
export class WithdrawalsService {
  constructor(
    private readonly matches: MatchRepository,
    private readonly tournaments: TournamentsInPlay,
    private readonly participants: FieldOfPlay,
    private readonly unitOfWork: UnitOfWork,
    private readonly play: MatchesService,
    private readonly events: EventLog,
    private readonly refreshes: StandingsRefreshes,
    private readonly refresher: StandingsRefresher,
    private readonly work: MatchWork,
  ) {}

  async withdraw(accountId: string, tournamentId: string, id: string, request: WithdrawalRequest, expected: ExpectedVersion<Participant>): Promise<WithdrawalResult> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    if (!locksSetup(tournament.status)) {
      await this.participants.delete(accountId, tournamentId, id, expected);
      return { participant: null, changed: [], created: [], deleted: [], tournamentCompleted: false, entrants: new Map() };
    }
    checkTerms(tournament, request);
    return this.inPlay(accountId, tournamentId, id, expected, (participant, afterMatchNumber, now) => {
      withdraw(participant, { ...request, afterMatchNumber, at: now });
      return { kind: 'withdraw', participantId: participant.id, terms: { ...request, afterMatchNumber } };
    });
  }

  reinstate(accountId: string, tournamentId: string, id: string, expected: ExpectedVersion<Participant>): Promise<WithdrawalResult> {
    return this.inPlay(accountId, tournamentId, id, expected, (participant, _afterMatchNumber, now) => {
      reinstate(participant, now);
      return { kind: 'reinstate', participantId: participant.id };
    });
  }

  private async inPlay(
    accountId: string,
    tournamentId: string,
    id: string,
    expected: ExpectedVersion<Participant>,
    change: (participant: Participant, afterMatchNumber: number, now: Date) => FieldChange,
  ): Promise<WithdrawalResult> {
    const result = await this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      const participant = await this.participants.findInPlay(accountId, tournamentId, id);
      if (typeof expected === 'function' && !expected(participant)) throw new PreconditionFailedError();
      if (tournament.status !== 'in_progress') throw new TournamentNotRunningError(tournament.status);

      const now = new Date();
      // Read before the participant changes: the terms of those who left, this one's included while it is withdrawn.
      const withdrawn = withdrawalTermsOf(await this.participants.withdrawnIn(accountId, tournamentId));
      // The participant's own change next: a refusal (withdrawn twice) costs no read of the matches.
      const fieldChange = change(participant, await this.matches.highestNumber(accountId, tournamentId), now);
      // One connection in a transaction: the reads go one after the other.
      const field = await this.participants.inSeedingOrder(accountId, tournamentId);
      const batches = await this.matches.allOfAsJson(accountId, tournamentId);
      const settings = settingsOf(tournament);
      // The field's matches are moved in a worker thread, like a report's in a large tournament.
      const { changes, before: touched, finalRanks } = await this.unitOfWork.whileComputing(() =>
        this.work.run('changeFieldInPlay', settings, seeded(field), batches, withdrawn, fieldChange, now.toISOString()),
      );

      const before = new Map(touched.map((match) => [match.id, match]));
      const writes = recordsOf(accountId, tournamentId, before, changes, now);
      await this.matches.write(writes);
      await this.participants.saveInPlay(participant);
      const names = new Map(field.map((entry) => [entry.id, entry.name]));
      const entrants = await this.play.entrantsOf(accountId, tournamentId, [...writes.updated, ...writes.created]);
      await this.events.append(
        { accountId, type: 'participant.updated', tournamentId, data: presentParticipant(participant) },
        ...playEvents([...writes.updated, ...writes.created], before, entrants),
      );
      // A forfeit may finish a stage: its qualifiers were filled by the same change, its status follows.
      if (tournament.stages) await this.play.followStagesAfterWithdrawal(tournament, changes.complete);
      if (finalRanks) {
        await this.participants.recordFinalRanks(accountId, tournamentId, new Map(finalRanks.map((row) => [row.participantId, row.rank])));
        await this.tournaments.completeByPlay(tournament, finalRanks.map((row) => ({ participantId: row.participantId, name: names.get(row.participantId)!, finalRank: row.rank })));
      }
      // The table changes with the participant's status, forfeits or not (published after commit).
      await this.refreshes.request(accountId, tournamentId);
      return { participant, changed: writes.updated, created: writes.created, deleted: writes.deleted, tournamentCompleted: changes.complete, entrants };
    });
    this.refresher.wake();
    return result;
  }
}

/** What a withdrawal decided in the matches: each one it completed by forfeit (or voided), and each it made ready. */
function playEvents(changed: MatchRecord[], before: ReadonlyMap<string, MatchRecord>, entrants: Entrants): NewEvent[] {
  return changed.flatMap((match): NewEvent[] => {
    const was = before.get(match.id)?.status;
    const event = (type: NewEvent['type']): NewEvent => ({ accountId: match.accountId, type, tournamentId: match.tournamentId, data: presentMatch(match, entrants) });
    if (match.status === 'completed' && was !== 'completed') return [event('match.reported')];
    if (match.status === 'ready' && was !== 'ready') return [event('match.ready')];
    return [];
  });
}

/** Options that only some formats take are refused elsewhere (422), so a request never means more than it does. */
function checkTerms(tournament: Tournament, request: WithdrawalRequest): void {
  const problems = [];
  const fits = formatOf(tournament.format).withdrawalTerms;
  if (request.voidResults && (!fits.voidResults || request.reason !== 'disqualified')) {
    problems.push({ pointer: '/void_results', detail: 'only a round robin disqualification may void the results already played.' });
  }
  if (request.forfeitScore !== null && !fits.forfeitScore) {
    problems.push({ pointer: '/forfeit_score', detail: 'a forfeit score is recorded in round robin and swiss only; elimination forfeits have no score.' });
  }
  if (problems.length > 0) throw new InvalidError(problems);
}
