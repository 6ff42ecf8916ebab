import { escapeText, foldLine, renderCalendar } from './calendar';

describe('the schedule as an RFC 5545 calendar', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, continuation lines starting with a space', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes one event per match in start order, with UTC times, the sequence and the station, CRLF throughout', () => {
    const at = (time: string) => new Date(`2030-05-01T${time}:00Z`);
    const text = renderCalendar({
      tournamentId: 't',
      name: 'Cup',
      matches: [
        { id: 'b', number: 2, startsAt: at('18:00'), endsAt: at('18:30'), opponents: ['Ana', null], location: null, sequence: 0, updatedAt: at('12:00'), cancelled: false },
        { id: 'a', number: 1, startsAt: at('17:00'), endsAt: at('17:30'), opponents: ['Bo', 'Cy'], location: 'Table 1', sequence: 3, updatedAt: at('12:00'), cancelled: true },
      ],
    });
    expect(text.split('\r\n').join('')).not.toContain('\n');
    const events = text.split('BEGIN:VEVENT').slice(1);
    expect(events[0]).toContain('UID:match-a@t.tournaments\r\nDTSTAMP:20300501T120000Z\r\nDTSTART:20300501T170000Z\r\nDTEND:20300501T173000Z\r\nSEQUENCE:3\r\n');
    expect(events[0]).toContain('SUMMARY:#1 Bo vs Cy\r\nLOCATION:Table 1\r\nSTATUS:CANCELLED');
    expect(events[1]).toContain('SUMMARY:#2 Ana vs TBD\r\nSTATUS:CONFIRMED');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
