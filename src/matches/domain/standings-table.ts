import type { Participant } from '../../participants';
import type { TableOfPlay } from './match-tasks';
import type { StandingRow } from '../../competition';

/** A participant as a table names them: who, their seed, and whether they left the tournament. */
export type TableEntrant = Pick<Participant, 'id' | 'seed' | 'name' | 'status'>;

/** Only what a table shows of each participant: what crosses to the worker thread that computes it. */
export function tableEntrants(field: readonly TableEntrant[]): TableEntrant[] {
  return field.map(({ id, seed, name, status }) => ({ id, seed, name, status }));
}

export interface NamedStandingRow extends StandingRow {
  name: string;
  /** Elimination formats: how far the participant got, in words ("losers round 3"); null in other formats. */
  reached: string | null;
  /** `withdrawn` or `disqualified` once they left the tournament. */
  status: Participant['status'];
}

/**
 * The table's rows with each participant's name, status and, in a bracket, the stage reached in words. The rows are
 * named where they are (a table is computed for its one caller), not copied: a viewer's page names 1 024 of them at
 * each result.
 */
export function named({ rows, reached }: TableOfPlay, field: readonly TableEntrant[]): NamedStandingRow[] {
  const byId = new Map(field.map((participant) => [participant.id, participant]));
  const words = new Map(reached);
  return rows.map((row) => Object.assign(row, { name: byId.get(row.participantId)!.name, status: byId.get(row.participantId)!.status, reached: words.get(row.participantId) ?? null }));
}
