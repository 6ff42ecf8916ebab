/*
 * A station (issue 41): where a match is played (a table, a court, a board), with the spans it may be used in.
 */
import { FieldProblem, InvalidError, NotFoundError } from '../../../kernel/domain-error';
import { parseInstant } from '../../../kernel/validation';

export const STATION_LIMITS = { perTournament: 256, nameLength: 100, spans: 50 } as const;

export interface AvailableSpan {
  from: Date;
  to: Date;
}

export interface Station {
  id: string;
  accountId: string;
  tournamentId: string;
  name: string;
  /** When the station may be used; null: always. */
  available: AvailableSpan[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export class StationNotFoundError extends NotFoundError {
  constructor() {
    super('The station');
  }
}

/** A tournament holds at most 256 stations: more is bad input (422), not a state to resolve. */
export class TooManyStationsError extends InvalidError {
  constructor() {
    super([{ pointer: '', detail: `a tournament has at most ${STATION_LIMITS.perTournament} stations; delete one first.` }], 'too_many_stations', `A tournament has at most ${STATION_LIMITS.perTournament} stations.`);
  }
}

/** The shape the DTO lets through: a list of objects (their contents are checked here, with pointers). */
export function isSpanList(value: unknown): boolean {
  return Array.isArray(value) && value.length <= STATION_LIMITS.spans && value.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}

/**
 * `[{ "from", "to" }]` as spans: each an RFC 3339 instant, `to` after `from`, no other keys; sorted by `from`.
 * Overlapping spans are allowed (their union counts). Throws one 422 listing every bad entry.
 */
export function parseSpans(value: readonly Record<string, unknown>[], pointer: string): AvailableSpan[] {
  const problems: FieldProblem[] = [];
  const spans: AvailableSpan[] = [];
  value.forEach((entry, index) => {
    const at = `${pointer}/${index}`;
    const extra = Object.keys(entry).filter((key) => key !== 'from' && key !== 'to');
    if (extra.length > 0) problems.push({ pointer: `${at}/${extra[0]}`, detail: 'a span has only from and to.' });
    const from = typeof entry.from === 'string' ? parseInstant(entry.from) : undefined;
    const to = typeof entry.to === 'string' ? parseInstant(entry.to) : undefined;
    if (!from) problems.push({ pointer: `${at}/from`, detail: 'from must be an RFC 3339 instant with an offset, such as 2026-05-01T18:00:00Z.' });
    if (!to) problems.push({ pointer: `${at}/to`, detail: 'to must be an RFC 3339 instant with an offset, such as 2026-05-01T23:00:00Z.' });
    if (from && to && to.getTime() <= from.getTime()) problems.push({ pointer: `${at}/to`, detail: 'to must be after from.' });
    if (from && to) spans.push({ from, to });
  });
  if (problems.length > 0) throw new InvalidError(problems);
  return spans.sort((a, b) => a.from.getTime() - b.from.getTime());
}
