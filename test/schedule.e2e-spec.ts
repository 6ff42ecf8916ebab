import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
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
  const scheduledEvents = async (id: string) =>
    ((await http().get(`/api/v1/events?tournament_id=${id}&types=match.scheduled&limit=100`, as())).json() as { data: { data: MatchJson }[] }).data.map((event) => event.data);

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
});
