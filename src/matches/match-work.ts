/*
 * The matches module's work that grows with the field, as a task table a worker thread runs by name
 * (platform/work): the formats' tasks, a league's ratings replay, and the table as its wire JSON, so neither computing nor serialising a
 * table of thousands of rows holds the event loop that serves every account. Imports no framework: a worker
 * thread loads this file.
 */
import { Offload } from '../platform/work/offload';
import { FORMAT_TASK_ERRORS, FORMAT_TASKS, standingsOf } from './domain/match-tasks';
import { FormatSettings } from '../competition';
import { MatchBatches } from './domain/match.repository';
import { named, TableEntrant } from './domain/standings-table';
import { presentStandingRow } from './dto/standing-row.presenter';
import { seeded } from './play-settings';
import { computeRatings, continueRatings } from '../leagues/pure';
import { planSchedule } from '../competition';
import { conflictsWithFixes } from '../competition';

/** The table from the tournament's matches (JSON batches), as the JSON array of rows GET …/standings shows. */
export function standingsJson(settings: FormatSettings, field: TableEntrant[], matches: MatchBatches): string {
  return JSON.stringify(named(standingsOf(settings, seeded(field), matches), field).map(presentStandingRow));
}

// A plan grows with matches × stations, like a bracket or a table: it is computed in a worker too.
export const MATCH_TASKS = { ...FORMAT_TASKS, standingsJson, ratingsOf: computeRatings, ratingsFrom: continueRatings, planSchedule, conflictsWithFixes };
export type MatchTasks = typeof MATCH_TASKS;
export const MATCH_TASK_ERRORS = FORMAT_TASK_ERRORS;

/** The port the services run these tasks through: a worker pool in the app, inline in service specs. */
export abstract class MatchWork extends Offload<MatchTasks> {}
