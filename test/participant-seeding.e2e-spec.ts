import { randomUUID } from 'node:crypto';
import { setUpApiTest } from './support/api-test';
import { expectProblem } from './support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

interface Seeded {
  by: string;
  random_seed: number | null;
  dry_run: boolean;
  data: { participant_id: string; name: string; previous_seed: number | null; seed: number | null }[];
}

describe('seeding a whole field (POST …/participants/seed)', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = (account = api.owner) => ({ token: account.token });

  async function aField(names: string[], seeds: Record<string, number> = {}, body: object = {}): Promise<{ id: string; base: string }> {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format: 'single_elimination', ...body }, as());
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const base = `${TOURNAMENTS}/${id}/participants`;
    const bulk = await http().post(`${base}/bulk`, { participants: names.map((name) => ({ name, seed: seeds[name] ?? null })) }, as());
    expect(bulk.statusCode).toBe(201);
    return { id, base };
  }

  const listed = async (base: string) =>
    ((await http().get(`${base}?sort=seed`, as())).json() as { data: { name: string; seed: number | null; version: number }[] }).data;
  const seedsOf = async (base: string) => (await listed(base)).map(({ name, seed }) => `${seed}:${name}`);

  it('by name sets every seed in one request, swapping taken seeds, and bumps only the participants whose seed changed', async () => {
    const { base } = await aField(['dora', 'Bob', 'alice', 'Cy'], { dora: 1, Bob: 2 });
    const response = await http().post(`${base}/seed`, { by: 'name' }, as());
    expect(response.statusCode).toBe(200);
    const body = response.json() as Seeded;
    expect(body).toMatchObject({ by: 'name', random_seed: null, dry_run: false });
    expect(body.data.map(({ name, previous_seed, seed }) => [name, previous_seed, seed])).toEqual([
      ['alice', null, 1],
      ['Bob', 2, 2],
      ['Cy', null, 3],
      ['dora', 1, 4],
    ]);
    expect(await seedsOf(base)).toEqual(['1:alice', '2:Bob', '3:Cy', '4:dora']);
    expect(Object.fromEntries((await listed(base)).map(({ name, version }) => [name, version]))).toEqual({ alice: 2, Bob: 1, Cy: 2, dora: 2 });
  });

  it('a dry run shows the order and writes nothing', async () => {
    const { base } = await aField(['dora', 'Bob', 'alice'], { dora: 1 });
    const response = await http().post(`${base}/seed`, { by: 'name', dry_run: true }, as());
    expect(response.statusCode).toBe(200);
    expect((response.json() as Seeded).data.map(({ name, seed }) => `${seed}:${name}`)).toEqual(['1:alice', '2:Bob', '3:dora']);
    expect((response.json() as Seeded).dry_run).toBe(true);
    expect(await seedsOf(base)).toEqual(['1:dora', 'null:Bob', 'null:alice']);
  });

  it('at random: the random_seed returned repeats the shuffle', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Player ${i}`);
    const { base } = await aField(names);
    const first = (await http().post(`${base}/seed`, { by: 'random' }, as())).json() as Seeded;
    expect(first.random_seed).toEqual(expect.any(Number));
    const again = (await http().post(`${base}/seed`, { by: 'random', random_seed: first.random_seed, dry_run: true }, as())).json() as Seeded;
    expect(again.data.map((item) => item.name)).toEqual(first.data.map((item) => item.name));
    expect(again.data.every((item) => item.previous_seed === item.seed)).toBe(true);
    expect(await seedsOf(base)).toEqual(first.data.map(({ name, seed }) => `${seed}:${name}`));
  });

  it('is refused once the tournament is past draft (409 seeding_closed), and changes nothing', async () => {
    const { id, base } = await aField(['b', 'a'], { b: 1 }, { status: 'registration_open' });
    const open = expectProblem(await http().post(`${base}/seed`, { by: 'name' }, as()), 409, 'seeding_closed');
    expect(open.current_status).toBe('registration_open');
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'draft' }, as())).statusCode).toBe(200);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    expectProblem(await http().post(`${base}/seed`, { by: 'name', dry_run: true }, as()), 409, 'seeding_closed');
    expect(await seedsOf(base)).toEqual(['1:b', 'null:a']);
  });

  it('refuses bad input with 422 and another account’s or a malformed tournament with 404, changing nothing', async () => {
    const { base } = await aField(['b', 'a'], { b: 1 });
    const pointers = (response: Parameters<typeof expectProblem>[0]) =>
      (expectProblem(response, 422, 'validation_failed').errors as { pointer: string }[]).map((error) => error.pointer);
    expect(pointers(await http().post(`${base}/seed`, { by: 'elo' }, as()))).toEqual(['/by']);
    expect(pointers(await http().post(`${base}/seed`, { by: 'name', random_seed: 3 }, as()))).toEqual(['/random_seed']);
    expect(pointers(await http().post(`${base}/seed`, { by: 'random', random_seed: -1, dry_run: 'no' }, as()))).toEqual(['/random_seed', '/dry_run']);
    expect(pointers(await http().post(`${base}/seed`, { by: 'name', order: 'asc' }, as()))).toEqual(['/order']);
    const stranger = api.stranger;
    expectProblem(await http().post(`${base}/seed`, { by: 'name' }, as(stranger)), 404, 'not_found');
    expectProblem(await http().post(`${TOURNAMENTS}/not-an-id/participants/seed`, { by: 'name' }, as()), 404, 'not_found');
    expect(await seedsOf(base)).toEqual(['1:b', 'null:a']);
  });
});
