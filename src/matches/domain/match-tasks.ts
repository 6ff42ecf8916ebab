/*
 * The formats' work that grows with the field, as tasks a worker thread runs by name (platform/work): the event
 * loop that serves every account never computes a bracket or a table itself. Each task takes and returns plain
 * data; large sets of matches travel as JSON text in batches, which cross threads as a few strings instead of
 * thousands of objects to clone.
 */
import { InvalidError } from '../../kernel/domain-error';
import type { StageStatus } from '../../competition';
import { newId } from '../../kernel/ids';
import { generateMatches } from '../../competition';
import { FormatSettings, Match, SeededParticipant } from '../../competition';
import { matchErrors as errors } from '../../competition';
import { MatchBatches, MatchRecord, parseRecords } from './match.repository';
import { ResultReport } from '../../competition';
import { stageStatuses } from '../../competition';
import { formatOf } from '../../competition';
import { computeStandings, StandingRow } from '../../competition';
import { PlayChanges, ReportChanges, TournamentPlay } from '../../competition';
import { WithdrawalTerms, Withdrawals } from '../../competition';

/** Whose the generated matches are, and when they were made (an ISO instant: it crosses threads as text). */
export interface GenerationContext {
  accountId: string;
  tournamentId: string;
  now: string;
}

/** Matches per insert statement: large enough to be few statements, small enough that none is a giant one. */
export const MATCH_BATCH_SIZE = 1000;

/**
 * The matches a tournament starts with, as stored records in JSON batches ready to insert, yielded one at a time so
 * the caller inserts each while the next is serialised; returns how many there are and how many are ready.
 */
export function* startingMatchBatches(
  settings: FormatSettings,
  participants: SeededParticipant[],
  context: GenerationContext,
): Generator<string, { count: number; ready: number }> {
  const now = new Date(context.now);
  const generated = generateMatches(settings, participants, () => newId(now.getTime()), now);
  for (let from = 0; from < generated.length; from += MATCH_BATCH_SIZE) {
    yield JSON.stringify(generated.slice(from, from + MATCH_BATCH_SIZE).map((match) => newRecord(match, context)));
  }
  return { count: generated.length, ready: generated.filter((match) => match.status === 'ready').length };
}

/**
 * A new match as the record to insert, without its empty fields: the insert reads a missing field as null, and a
 * new match's links, result and schedule are mostly empty, so its batch is a quarter shorter to write, send and
 * parse. Built field by field (no object spread), as a start makes tens of thousands.
 */
function newRecord(match: Match, context: GenerationContext): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field in match) {
    const value = match[field as keyof Match];
    if (value !== null) record[field] = value;
  }
  record.accountId = context.accountId;
  record.tournamentId = context.tournamentId;
  record.createdAt = context.now;
  record.updatedAt = context.now;
  record.version = 1;
  return record;
}

/** A table, with where each participant got to in a bracket, in words (`reached`; empty in other formats). */
export interface TableOfPlay {
  rows: StandingRow[];
  /** [participant id, words] pairs: a Map would cross threads as well, entries read more plainly in a log. */
  reached: [string, string][];
}

function tableOf(settings: FormatSettings, participants: SeededParticipant[], matches: Match[]): TableOfPlay {
  return { rows: computeStandings(settings, participants, matches), reached: [...formatOf(settings.format).reached(matches, participants, settings)] };
}

/** The table, from the tournament's matches as the JSON batches the repository reads them as. */
export function standingsOf(settings: FormatSettings, participants: SeededParticipant[], matches: MatchBatches): TableOfPlay {
  return tableOf(settings, participants, matches.flatMap((batch) => JSON.parse(batch) as Match[]));
}

/** What a report (or correction) computed in a worker: the changes, the stored versions of what they touch, and the table if asked. */
export interface OffloadedReport {
  changes: ReportChanges;
  /** As stored before this report, every match the changes update, delete or clear. */
  before: MatchRecord[];
  standings: TableOfPlay | null;
  /** A staged tournament's stage statuses after the report, from the matches the worker holds (null otherwise). */
  stageStatuses: StageStatus[] | null;
}

export interface OffloadedReportOptions {
  resetDependents: boolean;
  tournamentCompleted: boolean;
  now: string;
  /** Compute the table even when the report does not complete the tournament (a dry run shows it). */
  withStandings: boolean;
}

/** Reports (or corrects) a result on the tournament's matches (the JSON batches the repository reads them as). */
export function reportInPlay(
  settings: FormatSettings,
  participants: SeededParticipant[],
  matches: MatchBatches,
  matchId: string,
  report: ResultReport,
  options: OffloadedReportOptions,
  withdrawals: Withdrawals = new Map(),
): OffloadedReport {
  const stored = parseRecords(matches);
  const now = new Date(options.now);
  const play = new TournamentPlay(settings, participants, stored, () => newId(now.getTime()), withdrawals);
  const changes = play.report(matchId, report, { resetDependents: options.resetDependents, tournamentCompleted: options.tournamentCompleted, now });
  const touched = new Set([...changes.updated, ...changes.deleted, ...changes.cleared].map((match) => match.id));
  return {
    changes,
    before: stored.filter((match) => touched.has(match.id)),
    standings: options.withStandings || changes.complete ? { rows: play.standings(), reached: [...formatOf(settings.format).reached(play.all(), participants, settings)] } : null,
    stageStatuses: settings.stages ? stageStatuses(settings.stages, play.all(), changes.complete) : null,
  };
}

/** A participant leaving a running tournament, or coming back, as a worker thread applies it. */
export type FieldChange = { kind: 'withdraw'; participantId: string; terms: WithdrawalTerms } | { kind: 'reinstate'; participantId: string };

/** What a withdrawal (or its undoing) computed in a worker: the changes, the stored versions they touch, final ranks if it completes. */
export interface OffloadedFieldChange {
  changes: PlayChanges;
  before: MatchRecord[];
  finalRanks: StandingRow[] | null;
}

/** Applies a withdrawal or reinstatement to the tournament's matches (the JSON batches the repository reads them as). */
export function changeFieldInPlay(
  settings: FormatSettings,
  participants: SeededParticipant[],
  matches: MatchBatches,
  withdrawals: Withdrawals,
  change: FieldChange,
  nowIso: string,
): OffloadedFieldChange {
  const stored = parseRecords(matches);
  const now = new Date(nowIso);
  const play = new TournamentPlay(settings, participants, stored, () => newId(now.getTime()), withdrawals);
  const changes = change.kind === 'withdraw' ? play.withdraw(change.participantId, change.terms, now) : play.reinstate(change.participantId, now);
  const touched = new Set([...changes.updated, ...changes.deleted].map((match) => match.id));
  return { changes, before: stored.filter((match) => touched.has(match.id)), finalRanks: changes.complete ? computeStandings(settings, participants, play.all()) : null };
}

/** Matches a tournament of this format and field has, about: what decides whether its reports run in a worker. */
export function estimatedMatches(settings: FormatSettings, participantCount: number): number {
  return formatOf(settings.format).estimatedMatches(settings, participantCount);
}

/** Above this many matches, a report's work (reading, bracket moves, pairing, the table) runs in a worker thread. */
export const OFFLOAD_REPORTS_ABOVE_MATCHES = 1024;

/** The formats' tasks; the module adds the table in its wire form and runs them in a worker pool (match-work.ts). */
export const FORMAT_TASKS = { startingMatchBatches, standingsOf, reportInPlay, changeFieldInPlay };

/** What the tasks may throw that callers handle by class. */
export const FORMAT_TASK_ERRORS = [...Object.values(errors), InvalidError];
