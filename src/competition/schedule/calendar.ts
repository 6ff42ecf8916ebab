/*
 * A tournament's schedule as an RFC 5545 calendar (issue 41): one VEVENT per match that has a time, with a UID
 * that never changes, LOCATION = its station's name and SEQUENCE = how often it moved, so a subscribed calendar
 * updates the event in place. Lines end in CRLF and fold at 75 octets; text is escaped (§3.3.11).
 */

export interface CalendarMatch {
  id: string;
  number: number;
  startsAt: Date;
  endsAt: Date;
  /** Opponents' names, or null while a slot waits. */
  opponents: (string | null)[];
  location: string | null;
  sequence: number;
  updatedAt: Date;
  cancelled: boolean;
}

export interface CalendarInput {
  tournamentId: string;
  name: string;
  matches: CalendarMatch[];
}

/** `20260501T170000Z`: a UTC date-time (§3.3.5, form 2). */
function utc(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded at 75 octets (§3.1): continuation lines start with a space; UTF-8 characters are never split. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

export function renderCalendar({ tournamentId, name, matches }: CalendarInput): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tournament API//Schedule//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(name)}`];
  for (const match of [...matches].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.number - b.number)) {
    const sides = match.opponents.map((opponent) => opponent ?? 'TBD').join(' vs ');
    lines.push(
      'BEGIN:VEVENT',
      `UID:match-${match.id}@${tournamentId}.tournaments`,
      `DTSTAMP:${utc(match.updatedAt)}`,
      `DTSTART:${utc(match.startsAt)}`,
      `DTEND:${utc(match.endsAt)}`,
      `SEQUENCE:${match.sequence}`,
      `SUMMARY:${escapeText(`#${match.number} ${sides}`)}`,
      ...(match.location === null ? [] : [`LOCATION:${escapeText(match.location)}`]),
      `STATUS:${match.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
