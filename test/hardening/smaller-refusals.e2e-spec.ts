import { randomUUID } from 'node:crypto';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

/** The smaller findings of an attack run (issue 26): each a clear 4xx that names the problem, and nothing changed. */
describe('smaller refusals', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const as = () => ({ token: api.owner.token });

  async function startedTournament(format: string, names: string[]) {
    const created = await http().post(TOURNAMENTS, { name: `Cup ${randomUUID()}`, format }, as());
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const added = await http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: names.map((name) => ({ name })) }, as());
    expect(added.statusCode).toBe(201);
    expect((await http().patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' }, as())).statusCode).toBe(200);
    const matches = (await http().get(`${TOURNAMENTS}/${id}/matches?status=ready`, as())).json<{ data: { id: string; opponents: unknown[] }[] }>().data;
    return { id, base: `${TOURNAMENTS}/${id}`, participantId: added.json<{ data: { id: string }[] }>().data[0].id, match: matches[0] };
  }

  describe('unknown query parameters where none are taken', () => {
    it('refuses them on every single-resource GET and on standings with 400, as lists do', async () => {
      const league = (await http().post('/api/v1/leagues', { name: 'Spring league' }, as())).json<{ id: string }>();
      const t = await startedTournament('round_robin', ['Ana', 'Bo', 'Cy']);
      const paths = [
        `${TOURNAMENTS}/${t.id}`,
        `/api/v1/leagues/${league.id}`,
        `${t.base}/participants/${t.participantId}`,
        `${t.base}/matches/${t.match.id}`,
        `${t.base}/standings`,
      ];
      for (const path of paths) {
        const response = await http().get(`${path}?limt=5`, as());
        const problem = expectProblem(response, 400, 'invalid_parameter');
        expect(problem.errors).toEqual([{ parameter: 'limt', detail: 'limt is not a recognised query parameter.' }]);
        expect((await http().get(path, as())).statusCode).toBe(200);
      }
    });

  });

  describe('reports', () => {
    it('says a score that is not a number must be a number', async () => {
      const t = await startedTournament('single_elimination', ['Ana', 'Bo']);
      for (const scores of [['2', 1], [null, 1], [true, 0]]) {
        const problem = expectProblem(await http().patch(`${t.base}/matches/${t.match.id}`, { scores }, as()), 422, 'validation_failed');
        expect(problem.errors).toEqual([{ pointer: '/scores', detail: 'each score must be a number, in opponents order.' }]);
      }
      expect((await http().get(`${t.base}/matches/${t.match.id}`, as())).json<{ status: string }>().status).toBe('ready');
    });

    it('explains a tied free-for-all in ranks', async () => {
      const t = await startedTournament('free_for_all', ['Ana', 'Bo', 'Cy']);
      const problem = expectProblem(await http().patch(`${t.base}/matches/${t.match.id}`, { ranks: [1, 1, 3] }, as()), 422, 'draw_not_allowed');
      expect(problem.errors).toEqual([
        { pointer: '/ranks', detail: 'each opponent needs a rank of its own: rank 1 is given more than once, and a free_for_all match cannot end in a tie.' },
      ]);
    });
  });

  describe('Content-Type charset', () => {
    it.each(['iso-8859-1', 'latin1', 'utf-16', '"windows-1252"'])('refuses a body declared as charset=%s with 415, creating nothing', async (charset) => {
      const name = `Charset ${randomUUID()}`;
      const response = await http().request('POST', TOURNAMENTS, {
        token: api.owner.token,
        headers: { 'content-type': `application/json; charset=${charset}` },
        body: { name, format: 'swiss' },
      });
      const problem = expectProblem(response, 415, 'unsupported_media_type');
      expect(problem.detail).toMatch(/UTF-8/);
      const listed = await http().get(`${TOURNAMENTS}?q=${encodeURIComponent(name)}`, as());
      expect(listed.json<{ data: unknown[] }>().data).toEqual([]);
    });

    it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])('accepts charset=%s', async (charset) => {
      const response = await http().request('POST', TOURNAMENTS, {
        token: api.owner.token,
        headers: { 'content-type': `application/json; charset=${charset}` },
        body: { name: 'Declared UTF-8', format: 'swiss' },
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('lone surrogates', () => {
    const lone = '\ud800';

    it('refuses a lone surrogate in a field, a metadata key or value, and a bulk item with 422 at its pointer, storing nothing', async () => {
      const name = `Lone ${randomUUID()}`;
      const cases: [string, unknown, string][] = [
        [TOURNAMENTS, { name: `${name}${lone}`, format: 'swiss' }, '/name'],
        [TOURNAMENTS, { name, format: 'swiss', metadata: { ref: `x${lone}` } }, '/metadata/ref'],
        [TOURNAMENTS, { name, format: 'swiss', metadata: { [`k${lone}`]: 'v' } }, `/metadata/k${lone}`],
        ['/api/v1/leagues', { name, description: `\udc00 low first` }, '/description'],
      ];
      for (const [path, body, pointer] of cases) {
        const problem = expectProblem(await http().post(path, body, as()), 422, 'validation_failed');
        expect(problem.errors).toEqual([{ pointer, detail: expect.stringMatching(/lone UTF-16 surrogate/) }]);
      }
      expect((await http().get(`${TOURNAMENTS}?q=${encodeURIComponent(name)}`, as())).json<{ data: unknown[] }>().data).toEqual([]);

      const tournament = (await http().post(TOURNAMENTS, { name, format: 'swiss' }, as())).json<{ id: string }>();
      const bulk = await http().post(`${TOURNAMENTS}/${tournament.id}/participants/bulk`, { participants: [{ name: 'Fine' }, { name: `Bad${lone}` }] }, as());
      expect(expectProblem(bulk, 422, 'validation_failed').errors).toEqual([{ pointer: '/participants/1/name', detail: expect.stringMatching(/surrogate/) }]);
      expect((await http().get(`${TOURNAMENTS}/${tournament.id}/participants`, as())).json<{ data: unknown[] }>().data).toEqual([]);
    });

    it('keeps text with surrogate pairs (emoji) as sent', async () => {
      const name = `Dice 🎲 ${randomUUID()}`;
      const created = await http().post(TOURNAMENTS, { name, format: 'swiss' }, as());
      expect(created.statusCode).toBe(201);
      expect((await http().get(`${TOURNAMENTS}/${created.json<{ id: string }>().id}`, as())).json<{ name: string }>().name).toBe(name);
    });

  });

  describe('participant names', () => {
    async function draft() {
      const created = await http().post(TOURNAMENTS, { name: `Names ${randomUUID()}`, format: 'swiss' }, as());
      return `${TOURNAMENTS}/${created.json<{ id: string }>().id}/participants`;
    }

    it.each([
      ['ß and SS', 'Straße', 'STRASSE'],
      ['full-width look-alikes', 'Ana', 'Ａｎａ'],
      ['a zero-width space', 'Ana', 'A\u200bna'],
      ['an accent written two ways', 'Zo\u00eb', 'Zoe\u0308'],
      ['case', 'Ana', 'aNA'],
    ])('refuses a second name that differs only by %s with 409 participant_name_taken', async (_what, first, second) => {
      const participants = await draft();
      expect((await http().post(participants, { name: first }, as())).statusCode).toBe(201);
      expectProblem(await http().post(participants, { name: second }, as()), 409, 'participant_name_taken');
      const listed = (await http().get(participants, as())).json<{ data: { name: string }[] }>().data;
      expect(listed.map((participant) => participant.name)).toEqual([first]);
    });

    it('refuses such a repeat inside one bulk request on the later item, and a rename onto a look-alike', async () => {
      const participants = await draft();
      const bulk = await http().post(`${participants}/bulk`, { participants: [{ name: 'Weiß' }, { name: 'Bo' }, { name: 'WEISS' }] }, as());
      expect(expectProblem(bulk, 422, 'validation_failed').errors).toEqual([{ pointer: '/participants/2/name', detail: expect.stringMatching(/^repeats the name/) }]);
      const added = await http().post(`${participants}/bulk`, { participants: [{ name: 'Weiß' }, { name: 'Bo' }] }, as());
      const bo = added.json<{ data: { id: string; name: string }[] }>().data[1];
      expectProblem(await http().patch(`${participants}/${bo.id}`, { name: 'ＷＥＩＳＳ' }, as()), 409, 'participant_name_taken');
      // Its own name, written another way, is not a clash with itself; the name is stored as sent.
      const renamed = await http().patch(`${participants}/${bo.id}`, { name: 'BO' }, as());
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<{ name: string }>().name).toBe('BO');
    });

    it('refuses a name of invisible characters only', async () => {
      const problem = expectProblem(await http().post(await draft(), { name: '\u200b\u200d' }, as()), 422, 'validation_failed');
      expect(problem.errors).toEqual([{ pointer: '/name', detail: 'must hold at least one visible character.' }]);
    });
  });
});
