import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { settled } from './support/settled';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  status: string;
  scheduled_at: string | null;
  ends_at: string | null;
  station_id: string | null;
  pinned: boolean;
  version: number;
  opponents: { participant_id: string | null }[];
}

/** Issue 41 through the API: the plan stored on the matches, pins, conflicts and re-plans. */
describe('the stored schedule', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner, headers?: Record<string, string>) => ({ token: account.token, headers });

  async function aStartedTournament(format: string, count: number, schedule: object, stationNames: string[]) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format, schedule }, as());
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const base = `${TOURNAMENTS}/${id}`;
    const batch = Array.from({ length: count }, (_, index) => ({ name: `P${index + 1}`, seed: index + 1 }));
    expect((await http().post(`${base}/participants/bulk`, { participants: batch }, as())).statusCode).toBe(201);
    expect((await http().patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const stations: string[] = [];
    for (const name of stationNames) stations.push((await http().post(`${base}/stations`, { name }, as())).json().id as string);
    return { id, base, stations };
  }

  const matchesOf = async (base: string): Promise<MatchJson[]> => (await http().get(`${base}/matches?limit=100`, as())).json().data as MatchJson[];
  const scheduledEvents = async (id: string) => {
    await settled(api.testApp);
    return ((await http().get(`/api/v1/events?tournament_id=${id}&types=match.scheduled&limit=100`, as())).json() as { data: { data: MatchJson }[] }).data.map((event) => event.data);
  };

  const evening = { from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' };
  const settings = { match_minutes: { default: 20, rounds: { grand_final: 40 } }, rest_minutes: 10, windows: [evening] };

  it('stores the plan on every open match (time, end, station) with a match.scheduled event each; dry_run stores nothing', async () => {
    const { id, base, stations } = await aStartedTournament('double_elimination', 8, settings, ['Table 1', 'Table 2']);
    const before = await matchesOf(base);
    expect(before.every((match) => match.scheduled_at === null && match.ends_at === null && match.station_id === null && match.pinned === false)).toBe(true);

    const dry = await http().post(`${base}/schedule?dry_run=true`, { from: evening.from }, as());
    expect(dry.statusCode).toBe(200);
    const preview = await http().post(`${base}/schedule/preview`, { from: evening.from }, as());
    expect(dry.json()).toEqual(preview.json());
    expect(await matchesOf(base)).toEqual(before);

    const stored = await http().post(`${base}/schedule`, { from: evening.from }, as());
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(preview.json());
    const plan = stored.json() as { matches: { match_id: string; scheduled_at: string; ends_at: string; station_id: string }[] };
    const after = await matchesOf(base);
    for (const entry of plan.matches) {
      const match = after.find((candidate) => candidate.id === entry.match_id)!;
      expect(match).toMatchObject({ scheduled_at: entry.scheduled_at, ends_at: entry.ends_at, station_id: entry.station_id, pinned: false });
      expect(stations).toContain(match.station_id);
      expect(match.version).toBe(before.find((candidate) => candidate.id === match.id)!.version + 1);
    }
    const events = await scheduledEvents(id);
    expect(events.map((event) => event.id).sort()).toEqual(plan.matches.map((entry) => entry.match_id).sort());
    expect(events[0]).toHaveProperty('station_id');
    expect(events[0]).toHaveProperty('ends_at');

    // The same plan again moves nothing: no versions, no events.
    expect((await http().post(`${base}/schedule`, { from: evening.from }, as())).statusCode).toBe(200);
    expect(await matchesOf(base)).toEqual(after);
    expect(await scheduledEvents(id)).toHaveLength(events.length);
  });

  it('takes If-Match with the tournament’s ETag: a stale one is 412 and stores nothing', async () => {
    const { base } = await aStartedTournament('single_elimination', 4, settings, ['Table 1']);
    const etag = (await http().get(base, as())).headers.etag as string;
    expectProblem(await http().post(`${base}/schedule`, { from: evening.from }, as(api.owner, { 'if-match': '"999"' })), 412, 'precondition_failed');
    expect((await matchesOf(base)).every((match) => match.scheduled_at === null)).toBe(true);
    expect((await http().post(`${base}/schedule`, { from: evening.from }, as(api.owner, { 'if-match': etag }))).statusCode).toBe(200);
    expect((await matchesOf(base)).every((match) => match.scheduled_at !== null)).toBe(true);
  });

  it('re-plans a late match keeping the order: what followed it shifts back, nothing is reshuffled ahead of it', async () => {
    const { base } = await aStartedTournament('round_robin', 6, { match_minutes: 20, rest_minutes: 0, windows: [evening] }, ['Table 1', 'Table 2', 'Table 3']);
    expect((await http().post(`${base}/schedule`, { from: evening.from }, as())).statusCode).toBe(200);
    const first = (await matchesOf(base)).sort((a, b) => a.scheduled_at!.localeCompare(b.scheduled_at!) || a.station_id!.localeCompare(b.station_id!));
    // 17:25: the first slot's matches are done but one (still open, its end passed); re-plan from then.
    const [late, ...others] = first.filter((match) => match.scheduled_at === evening.from);
    for (const match of others) expect((await http().patch(`${base}/matches/${match.id}`, { scores: [2, 1] }, as())).statusCode).toBe(200);
    const replan = await http().post(`${base}/schedule`, { from: '2026-05-01T17:25:00Z' }, as());
    expect(replan.statusCode).toBe(200);
    const second = await matchesOf(base);
    const lateNow = second.find((match) => match.id === late.id)!;
    expect(lateNow.scheduled_at! >= '2026-05-01T17:25:00.000Z').toBe(true);
    const startOf = (match: MatchJson) => second.find((candidate) => candidate.id === match.id)!.scheduled_at!;
    // The matches that started at 17:20 are being played: they stay where they are.
    const running = first.filter((match) => match.scheduled_at === '2026-05-01T17:20:00.000Z');
    expect(running.length).toBeGreaterThan(0);
    for (const match of running) expect(second.find((candidate) => candidate.id === match.id)).toMatchObject({ scheduled_at: match.scheduled_at, station_id: match.station_id });
    // The rest keep their relative order of start (ties aside).
    const open = first.filter((match) => match.id !== late.id && !others.some((other) => other.id === match.id) && !running.includes(match));
    for (let index = 1; index < open.length; index++) {
      if (open[index - 1].scheduled_at! < open[index].scheduled_at!) expect(startOf(open[index - 1]) <= startOf(open[index])).toBe(true);
    }
    expect(open.every((match) => startOf(match) >= '2026-05-01T17:25:00.000Z')).toBe(true);
    // The late match is not overtaken: none of those after it starts before it.
    expect(open.every((match) => startOf(match) >= lateNow.scheduled_at!)).toBe(true);
  });

  it('refuses bad options with a 422 and other accounts with a 404, storing nothing', async () => {
    const { base } = await aStartedTournament('single_elimination', 4, settings, ['Table 1']);
    expectProblem(await http().post(`${base}/schedule`, { keep_order: 'yes' }, as()), 422, 'validation_failed');
    expectProblem(await http().post(`${base}/schedule?dry_run=maybe`, {}, as()), 400, 'invalid_parameter');
    expectProblem(await http().post(`${base}/schedule`, {}, as(api.stranger)), 404, 'not_found');
    expect((await matchesOf(base)).every((match) => match.scheduled_at === null)).toBe(true);
  });

  it('pins a match: the plan works around it, a clashing pin is 409 naming the rule and the other match, and unpinning frees it', async () => {
    const { id, base, stations } = await aStartedTournament('round_robin', 4, { match_minutes: 30, rest_minutes: 10, windows: [evening] }, ['Table 1', 'Table 2']);
    const [a, , c] = (await matchesOf(base)).sort((x, y) => x.number - y.number);
    const pin = await http().patch(`${base}/matches/${a.id}`, { scheduled_at: '2026-05-01T18:00:00Z', station_id: stations[1], pinned: true }, as());
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toMatchObject({ scheduled_at: '2026-05-01T18:00:00.000Z', ends_at: '2026-05-01T18:30:00.000Z', station_id: stations[1], pinned: true });
    expect((await scheduledEvents(id)).at(-1)).toMatchObject({ id: a.id, pinned: true, station_id: stations[1] });

    // The same station at an overlapping time: 409, naming the rule and the pinned match; nothing changes.
    const clash = expectProblem(await http().patch(`${base}/matches/${c.id}`, { scheduled_at: '2026-05-01T18:15:00Z', station_id: stations[1], pinned: true }, as()), 409, 'schedule_conflict');
    expect(clash.conflicts).toContainEqual({ rule: 'station_overlap', other_match_id: a.id, other_match_number: a.number });
    expect(clash.detail).toContain(`#${a.number}`);
    // A participant of the pinned match, too soon after it on another table: the rest rule.
    const players = (match: MatchJson) => match.opponents.map((opponent) => opponent.participant_id);
    const sharing = (await matchesOf(base)).find((match) => match.id !== a.id && players(match).some((player) => players(a).includes(player)))!;
    const rest = expectProblem(await http().patch(`${base}/matches/${sharing.id}`, { scheduled_at: '2026-05-01T18:35:00Z', station_id: stations[0], pinned: true }, as()), 409, 'schedule_conflict');
    expect(rest.conflicts).toEqual([{ rule: 'participant_rest', other_match_id: a.id, other_match_number: a.number }]);
    expect((await matchesOf(base)).find((match) => match.id === c.id)).toMatchObject({ scheduled_at: null, pinned: false });
    // Outside the windows: the station is not available then.
    const late = expectProblem(await http().patch(`${base}/matches/${c.id}`, { scheduled_at: '2026-05-01T22:50:00Z', station_id: stations[0], pinned: true }, as()), 409, 'schedule_conflict');
    expect(late.conflicts).toEqual([{ rule: 'station_unavailable', other_match_id: null, other_match_number: null }]);

    const plan = await http().post(`${base}/schedule`, { from: evening.from }, as());
    expect(plan.statusCode).toBe(200);
    const after = await matchesOf(base);
    expect(after.find((match) => match.id === a.id)).toMatchObject({ scheduled_at: '2026-05-01T18:00:00.000Z', station_id: stations[1], pinned: true, version: pin.json().version });
    for (const match of after) {
      if (match.id === a.id || match.station_id !== stations[1]) continue;
      expect(match.ends_at! <= '2026-05-01T18:00:00.000Z' || match.scheduled_at! >= '2026-05-01T18:30:00.000Z').toBe(true);
    }

    const unpinned = await http().patch(`${base}/matches/${a.id}`, { pinned: false }, as());
    expect(unpinned.json()).toMatchObject({ pinned: false, scheduled_at: '2026-05-01T18:00:00.000Z' });
  });

  it('refuses a station of another tournament or account, and a pin without a time, with a 422 that changes nothing', async () => {
    const { base, stations } = await aStartedTournament('single_elimination', 4, settings, ['Table 1']);
    const other = await aStartedTournament('single_elimination', 4, settings, ['Elsewhere']);
    const [match] = await matchesOf(base);
    const foreign = expectProblem(await http().patch(`${base}/matches/${match.id}`, { scheduled_at: evening.from, station_id: other.stations[0] }, as()), 422, 'validation_failed');
    expect(foreign.errors).toEqual([{ pointer: '/station_id', detail: expect.any(String) }]);
    expectProblem(await http().patch(`${base}/matches/${match.id}`, { station_id: randomUUID() }, as()), 422, 'validation_failed');
    expectProblem(await http().patch(`${base}/matches/${match.id}`, { station_id: stations[0], pinned: true }, as()), 422, 'validation_failed');
    expectProblem(await http().patch(`${base}/matches/${match.id}`, { pinned: 'yes' }, as()), 422, 'validation_failed');
    expect((await matchesOf(base)).find((candidate) => candidate.id === match.id)).toEqual(match);
  });

  it('lists every broken rule of the stored plan with the earliest slot that resolves it; a match open after its end is overdue', async () => {
    const { base, stations } = await aStartedTournament('round_robin', 4, { match_minutes: 30, rest_minutes: 10 }, ['Table 1', 'Table 2']);
    const from = '2030-05-01T17:00:00.000Z';
    expect((await http().post(`${base}/schedule`, { from }, as())).statusCode).toBe(200);
    const empty = await http().get(`${base}/schedule/conflicts`, as());
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);

    // A manual edit: two matches of the first slot now on one table.
    const first = (await matchesOf(base)).filter((match) => match.scheduled_at === from);
    expect(first).toHaveLength(2);
    const [kept, moved] = first.sort((x, y) => x.number - y.number);
    expect((await http().patch(`${base}/matches/${moved.id}`, { station_id: kept.station_id }, as())).statusCode).toBe(200);
    const listed = (await http().get(`${base}/schedule/conflicts`, as())).json().data as {
      rule: string;
      match_id: string;
      other_match_id: string | null;
      suggested_fix: { match_id: string; scheduled_at: string; ends_at: string; station_id: string } | null;
    }[];
    const overlap = listed.find((conflict) => conflict.rule === 'station_overlap')!;
    expect([overlap.match_id, overlap.other_match_id].sort()).toEqual([kept.id, moved.id].sort());
    const fix = overlap.suggested_fix!;
    expect(fix.station_id).toBe(stations.find((station) => station !== kept.station_id));
    expect(fix.scheduled_at).toBe(from);
    // Applying the fix resolves it.
    expect((await http().patch(`${base}/matches/${fix.match_id}`, { scheduled_at: fix.scheduled_at, station_id: fix.station_id }, as())).statusCode).toBe(200);
    expect((await http().get(`${base}/schedule/conflicts`, as())).json().data).toEqual([]);

    // A match still open after its end (set in the past): overdue, with a slot from now on.
    const now = Date.now();
    expect((await http().patch(`${base}/matches/${kept.id}`, { scheduled_at: '2026-01-01T10:00:00Z' }, as())).statusCode).toBe(200);
    const overdue = ((await http().get(`${base}/schedule/conflicts`, as())).json().data as typeof listed).find((conflict) => conflict.rule === 'overdue')!;
    expect(overdue).toMatchObject({ match_id: kept.id, other_match_id: null });
    expect(Date.parse(overdue.suggested_fix!.scheduled_at)).toBeGreaterThanOrEqual(now - 1000);
    expectProblem(await http().get(`${base}/schedule/conflicts`, as(api.stranger)), 404, 'not_found');
  });

  it('plans across two evenings: nothing inside the night between the windows, the rest on the second day', async () => {
    const days = [
      { from: '2030-05-01T18:00:00.000Z', to: '2030-05-01T20:00:00.000Z' },
      { from: '2030-05-02T18:00:00.000Z', to: '2030-05-03T00:00:00.000Z' },
    ];
    const { base } = await aStartedTournament('round_robin', 6, { match_minutes: 30, rest_minutes: 0, windows: days }, ['Table 1']);
    const answer = await http().post(`${base}/schedule`, { from: '2030-05-01T00:00:00Z' }, as());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().unplaced).toEqual([]);
    const matches = await matchesOf(base);
    expect(matches).toHaveLength(15);
    const inside = (match: MatchJson) => days.some((day) => match.scheduled_at! >= day.from && match.ends_at! <= day.to);
    expect(matches.every(inside)).toBe(true);
    // One table, 30 minutes each: four fit the first evening, the other eleven go to the second.
    expect(matches.filter((match) => match.scheduled_at! < days[1].from)).toHaveLength(4);
    expect(answer.json().lower_bound_ends_at <= answer.json().ends_at).toBe(true);
  });
});
