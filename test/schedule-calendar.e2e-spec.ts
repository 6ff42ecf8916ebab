import { randomUUID } from 'node:crypto';
import { convertIcsCalendar } from 'ts-ics';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/**
 * The RFC 5545 rules ts-ics leaves to the writer, checked here: CRLF line ends only, no line over 75 octets
 * (folded lines start with a space), one VCALENDAR with VERSION and PRODID, each VEVENT with UID, DTSTAMP and DTSTART.
 */
function strictlyParsed(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  }
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const names = unfolded.split('\r\n').filter(Boolean).map((line) => /^[A-Z-]+/.exec(line)?.[0]);
  expect(names[0]).toBe('BEGIN');
  expect(unfolded.startsWith('BEGIN:VCALENDAR\r\n') && unfolded.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const calendar = convertIcsCalendar(undefined, text);
  expect(calendar.version).toBe('2.0');
  expect(calendar.prodId).toBeTruthy();
  const events = calendar.events ?? [];
  expect(unfolded.split('BEGIN:VEVENT').length - 1).toBe(events.length);
  for (const event of events) {
    expect(event.uid).toMatch(/^match-[0-9a-f-]{36}@/);
    expect(Number.isNaN(new Date(event.stamp.date).getTime())).toBe(false);
    expect(Number.isNaN(new Date(event.start.date).getTime())).toBe(false);
    expect(new Date(event.end!.date).getTime()).toBeGreaterThan(new Date(event.start.date).getTime());
  }
  return events;
}

/** Issue 41: the schedule as a calendar, with the token and through a share link. */
describe('schedule calendars', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  it('answers text/calendar with a stable UID per match, the station as LOCATION and a SEQUENCE that grows when a match moves', async () => {
    const created = await http().post(TOURNAMENTS, { name: `Cup; "Spring, 2030" ${randomUUID()}`, format: 'single_elimination', visibility: 'unlisted', schedule: { match_minutes: 30, rest_minutes: 10 } }, as());
    const { id, share_id: shareId } = created.json() as { id: string; share_id: string };
    const base = `${TOURNAMENTS}/${id}`;
    const names = ['Ana, the first', 'Bo; second', 'Ça va Ünïcødé ☃ with a long name that needs folding over more octets', 'Dee'];
    expect((await http().post(`${base}/participants/bulk`, { participants: names.map((name, index) => ({ name, seed: index + 1 })) }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const table = (await http().post(`${base}/stations`, { name: 'Centre court, north; upstairs' }, as())).json().id as string;
    expect((await http().post(`${base}/schedule`, { from: '2030-05-01T17:00:00Z' }, as())).statusCode).toBe(200);

    const first = await http().get(`${base}/schedule.ics`, as());
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = strictlyParsed(first.body);
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.location === 'Centre court, north; upstairs')).toBe(true);
    expect(first.body).toContain('LOCATION:Centre court\\, north\\; upstairs');
    expect(events.some((event) => event.summary?.includes('Ana, the first'))).toBe(true);

    // A match moves (a PATCH of its time): same UID, SEQUENCE one higher; the others stay as they were.
    const matches = (await http().get(`${base}/matches`, as())).json().data as { id: string; participant_id: string; opponents: { participant_id: string }[] }[];
    const moved = matches[0];
    expect((await http().patch(`${base}/matches/${moved.id}`, { scheduled_at: '2030-05-01T19:00:00Z', station_id: table }, as())).statusCode).toBe(200);
    const second = strictlyParsed((await http().get(`${base}/schedule.ics`, as())).body);
    const uidOf = (matchId: string) => expect.stringContaining(`match-${matchId}@`);
    const before = events.find((event) => event.uid.includes(moved.id))!;
    const after = second.find((event) => event.uid.includes(moved.id))!;
    expect(after.uid).toEqual(uidOf(moved.id));
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe((before.sequence ?? 0) + 1);
    expect(new Date(after.start.date).toISOString()).toBe('2030-05-01T19:00:00.000Z');
    for (const event of second.filter((entry) => entry.uid !== before.uid)) expect(event.sequence).toBe(events.find((entry) => entry.uid === event.uid)!.sequence);

    // Public, through the share link, and for one participant.
    const shared = await http().get(`/v/${shareId}/schedule.ics`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(strictlyParsed(shared.body).map((event) => event.uid).sort()).toEqual(second.map((event) => event.uid).sort());
    const player = moved.opponents[0].participant_id;
    const mine = strictlyParsed((await http().get(`/v/${shareId}/schedule.ics?participant=${player}`)).body);
    expect(mine.map((event) => event.uid)).toEqual([after.uid]);
    expect(strictlyParsed((await http().get(`${base}/schedule.ics?participant=${player}`, as())).body)).toHaveLength(1);

    // Private: the share link leads nowhere; another account's tournament is 404 with a token.
    expect((await http().patch(base, { visibility: 'private' }, as())).statusCode).toBe(200);
    expectProblem(await http().get(`/v/${shareId}/schedule.ics`), 404, 'not_found');
    expectProblem(await http().get(`${base}/schedule.ics`, as(api.stranger)), 404, 'not_found');
    expectProblem(await http().get(`${base}/schedule.ics?participant=someone`, as()), 400, 'invalid_parameter');
  });
});
