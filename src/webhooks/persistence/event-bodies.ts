import { presentEvent } from '../../events';
import { EventRow, storedEventOf } from '../../events';
import { parseTimestamptz } from '../../platform/persistence/pg-timestamp';

export type { EventRow };

/** A delivery's body: the event exactly as the feed and the stream present it. */
export function eventBody(row: EventRow): string {
  return JSON.stringify(presentEvent(storedEventOf(row)));
}

/** Timestamps as pg hands them to this module (text, or Date on some paths). */
export function instant(value: string | Date | null): Date | null {
  if (value === null) return null;
  return typeof value === 'string' ? parseTimestamptz(value) : value;
}
