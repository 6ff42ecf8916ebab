/*
 * The formats' work that grows with the field, as tasks a worker thread runs by name (shared/work): the event
 * loop that serves every account never computes a bracket or a table itself. Each task takes and returns plain
 * data; large sets of matches travel as JSON text, which crosses threads as one string instead of thousands of
 * objects to clone.
 */
import { newId } from '../../shared/ids';
import { Offload } from '../../shared/work/offload';
import { generateMatches } from './generation';
import { FormatSettings, Match, SeededParticipant } from './match';
import * as errors from './match-errors';
import { MatchBatches, MatchRecord } from './match.repository';
import { computeStandings, StandingRow } from './standings';

/** Whose the generated matches are, and when they were made (an ISO instant: it crosses threads as text). */
export interface GenerationContext {
  accountId: string;
  tournamentId: string;
  now: string;
}

/** Matches per insert statement: large enough to be few statements, small enough that none is a giant one. */
export const MATCH_BATCH_SIZE = 1000;

/** The matches a tournament starts with, as stored records in JSON batches ready to insert. */
export function startingMatchBatches(settings: FormatSettings, participants: SeededParticipant[], context: GenerationContext): { count: number; batches: MatchBatches } {
  const now = new Date(context.now);
  const generated = generateMatches(settings, participants, () => newId(now.getTime()), now);
  const batches: MatchBatches = [];
  for (let from = 0; from < generated.length; from += MATCH_BATCH_SIZE) {
    const records: MatchRecord[] = generated.slice(from, from + MATCH_BATCH_SIZE).map((match) => ({
      ...match,
      accountId: context.accountId,
      tournamentId: context.tournamentId,
      scheduledAt: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }));
    batches.push(JSON.stringify(records));
  }
  return { count: generated.length, batches };
}

/** The table, from the tournament's matches as the JSON array the repository reads them as. */
export function standingsOf(settings: FormatSettings, participants: SeededParticipant[], matchesJson: string): StandingRow[] {
  return computeStandings(settings, participants, JSON.parse(matchesJson) as Match[]);
}

export const MATCH_TASKS = { startingMatchBatches, standingsOf };
export type MatchTasks = typeof MATCH_TASKS;

/** What the tasks may throw that callers handle by class. */
export const MATCH_TASK_ERRORS = Object.values(errors);

/** The port the service runs these tasks through: a worker pool in the app, inline in service specs. */
export abstract class MatchWork extends Offload<MatchTasks> {}
