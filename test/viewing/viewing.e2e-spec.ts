import { XMLValidator } from 'fast-xml-parser';
import { Client } from 'pg';
import { EventWakeups } from '../../src/events/event-wakeups';
import { SEQUENCER_LOCK } from '../../src/events/persistence/postgres-event-store';
import { SharedStates } from '../../src/viewing/domain/shared-states';
import { ViewingService } from '../../src/viewing/viewing.service';
import { setUpApiTest } from '../support/api-test';
import { expectProblem } from '../support/test-app';
import { Organiser } from './shared-tournaments';

const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;
/** Views are revalidated at most once a second (ViewingService.REVALIDATE_AFTER_MS): a change shows after that. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('viewers: shared tournaments and leagues without a token', () => {
  const api = setUpApiTest();
  const http = () => api.testApp.http;
  const organiser = new Organiser(http, () => api.owner);
  const as = { token: '' };
  beforeAll(() => (as.token = api.owner.token));

  describe('sharing', () => {
    it('is private by default; unlisted creates a share id, rotation replaces it and private removes it', async () => {
      const created = await http().post('/api/v1/tournaments', { name: 'Private cup', format: 'single_elimination' }, as);
      const { id, visibility, share_id } = created.json() as { id: string; visibility: string; share_id: string | null };
      expect({ visibility, share_id }).toEqual({ visibility: 'private', share_id: null });
      expectProblem(await http().post(`/api/v1/tournaments/${id}/share/rotate`, undefined, as), 409, 'not_shared');

      const shared = (await organiser.patch(`/api/v1/tournaments/${id}`, { visibility: 'unlisted' })) as { share_id: string };
      expect(shared.share_id).toMatch(SHARE_ID);
      expect(shared.share_id).not.toContain(id.slice(0, 8));
      expect((await http().get(`/v/${shared.share_id}`)).statusCode).toBe(200);

      const rotated = await http().post(`/api/v1/tournaments/${id}/share/rotate`, undefined, as);
      expect(rotated.statusCode).toBe(200);
      const newShareId = (rotated.json() as { share_id: string }).share_id;
      expect(newShareId).toMatch(SHARE_ID);
      expect(newShareId).not.toBe(shared.share_id);
      // The old link stops working at once; the new one works.
      expect((await http().get(`/v/${shared.share_id}`)).statusCode).toBe(404);
      expect((await http().get(`/v/${newShareId}`)).statusCode).toBe(200);

      const privateAgain = (await organiser.patch(`/api/v1/tournaments/${id}`, { visibility: 'private' })) as { share_id: string | null };
      expect(privateAgain.share_id).toBeNull();
      await settle();
      expect((await http().get(`/v/${newShareId}`)).statusCode).toBe(404);
      expect((await http().get(`/v/${newShareId}.json`)).statusCode).toBe(404);
    });

    it('refuses share_id in a body (read-only) and an unknown visibility', async () => {
      const body = { name: 'Cup', format: 'swiss', share_id: 'a'.repeat(22) };
      expectProblem(await http().post('/api/v1/tournaments', body, as), 422, 'validation_failed');
      expectProblem(await http().post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', visibility: 'public' }, as), 422, 'validation_failed');
    });

    it('keeps another account out of rotation (404, like a tournament that does not exist)', async () => {
      const tournament = await organiser.tournament('round_robin', 2, { start: false });
      expectProblem(await http().post(`/api/v1/tournaments/${tournament.id}/share/rotate`, undefined, { token: api.stranger.token }), 404, 'not_found');
      expect((await http().get(`/v/${tournament.shareId}`)).statusCode).toBe(200);
    });

    it('shares a league the same way, with a table that is empty until a tournament completes', async () => {
      const league = (await http().post('/api/v1/leagues', { name: 'City league', visibility: 'unlisted', status: 'active' }, as)).json() as { id: string; share_id: string };
      expect(league.share_id).toMatch(SHARE_ID);
      const empty = await http().get(`/v/${league.share_id}`);
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain('No tournament of this league is completed yet');

      const tournament = await organiser.tournament('single_elimination', 4, { start: false, name: 'Opening cup' });
      await organiser.patch(tournament.base, { league_id: league.id, status: 'in_progress' });
      await organiser.playOut(tournament.base);
      await settle();
      const table = (await http().get(`/v/${league.share_id}.json`)).json() as { kind: string; tournaments: { name: string; status: string }[]; table: { rank: number; name: string; wins: number }[] };
      expect(table.kind).toBe('league');
      expect(table.tournaments).toEqual([expect.objectContaining({ name: 'Opening cup', status: 'completed' })]);
      expect(table.table[0]).toMatchObject({ rank: 1, name: 'Player 1', wins: 1 });

      const rotated = (await http().post(`/api/v1/leagues/${league.id}/share/rotate`, undefined, as)).json() as { share_id: string };
      expect((await http().get(`/v/${league.share_id}`)).statusCode).toBe(404);
      expect((await http().get(`/v/${rotated.share_id}`)).body).toContain('Opening cup');
    });

    it('names in a shared league only its tournaments that are shared themselves; the others count in the table, unnamed', async () => {
      const league = (await http().post('/api/v1/leagues', { name: 'Mixed league', visibility: 'unlisted', status: 'active' }, as)).json() as { id: string; share_id: string };
      const names = (prefix: string) => (index: number) => `${prefix} ${index + 1}`;
      const open = await organiser.tournament('single_elimination', 2, { start: false, name: 'Open final', names: names('Shown') });
      const hidden = await organiser.tournament('single_elimination', 2, { start: false, name: 'Staff trial', visibility: 'private', names: names('Secret') });
      for (const tournament of [open, hidden]) {
        await organiser.patch(tournament.base, { league_id: league.id, status: 'in_progress' });
        await organiser.playOut(tournament.base);
      }
      const page = await http().get(`/v/${league.share_id}`);
      const snapshot = (await http().get(`/v/${league.share_id}.json`)).json() as {
        tournaments: { name: string; placings: { name: string }[] }[];
        unshared_tournaments: number;
        table: { name: string; tournaments: number; wins: number }[];
      };
      for (const body of [page.body, JSON.stringify(snapshot.tournaments)]) {
        expect(body).toContain('Open final');
        expect(body).not.toContain('Staff trial');
      }
      expect(snapshot.tournaments.map((tournament) => tournament.name)).toEqual(['Open final']);
      expect(snapshot.unshared_tournaments).toBe(1);
      expect(page.body).toContain('2 tournaments, 2 completed');
      expect(page.body).toContain('1 more tournament is not shared');
      // The private tournament's results still count: its winner is in the table.
      expect(snapshot.table).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Secret 1', tournaments: 1, wins: 1 })]));
      expect(snapshot.table).toHaveLength(4);
    });
  });

  describe('a rated league (issue 43)', () => {
    it('shows a ratings panel that follows every result, and none for a league without a rating', async () => {
      const league = (await http().post('/api/v1/leagues', { name: 'Rated ladder', visibility: 'unlisted', rating: { model: 'elo' } }, as)).json() as { id: string; share_id: string };
      const empty = await http().get(`/v/${league.share_id}`);
      expect(empty.body).toContain('id="v-h-ratings"');
      expect(empty.body).toContain('No match of this league has been rated yet.');

      const tournament = await organiser.tournament('single_elimination', 2, { start: false, name: 'Ladder night' });
      await organiser.patch(tournament.base, { league_id: league.id, status: 'in_progress' });
      await organiser.playOut(tournament.base);
      await settle();
      const page = (await http().get(`/v/${league.share_id}`)).body;
      const panel = page.slice(page.indexOf('id="v-h-ratings"'), page.indexOf('id="v-h-tournaments"'));
      expect(panel).toMatch(/<td>1<\/td><th scope="row"><bdi>Player \d<\/bdi><\/th><td>1516 <abbr/);
      expect(panel).toMatch(/<td>2<\/td><th scope="row"><bdi>Player \d<\/bdi><\/th><td>1484 <abbr/);
      const snapshot = (await http().get(`/v/${league.share_id}.json`)).json() as { ratings: object[] };
      expect(snapshot.ratings).toEqual([
        { rank: 1, name: expect.stringMatching(/^Player \d$/), score: 1516, matches: 1, provisional: true },
        { rank: 2, name: expect.stringMatching(/^Player \d$/), score: 1484, matches: 1, provisional: true },
      ]);

      const plain = (await http().post('/api/v1/leagues', { name: 'Unrated', visibility: 'unlisted' }, as)).json() as { share_id: string };
      expect((await http().get(`/v/${plain.share_id}`)).body).not.toContain('v-h-ratings');
      expect(((await http().get(`/v/${plain.share_id}.json`)).json() as { ratings: unknown }).ratings).toBeNull();
    });
  });

  describe('what a share link leads to', () => {
    it('answers an unknown, malformed, rotated or guessed id with the same 404 page, revealing nothing', async () => {
      const privateOne = await organiser.tournament('single_elimination', 2, { visibility: 'private' });
      const pages = await Promise.all(['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-share-id', privateOne.id, '..%2F..%2Fetc'].map((id) => http().get(`/v/${id}`)));
      for (const page of pages) {
        expect(page.statusCode).toBe(404);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toBe(pages[0].body);
      }
      expectProblem(await http().get('/v/AAAAAAAAAAAAAAAAAAAAAA.json'), 404, 'not_found');
      expectProblem(await http().get(`/v/${privateOne.id}/bracket.svg`), 404, 'not_found');
    });

    it('shows names and results, and nothing private: no ids, metadata, external ids or account', async () => {
      const tournament = await organiser.tournament('single_elimination', 4, { metadata: { secret_ref: 'organiser-only' } });
      await organiser.playOut(tournament.base, undefined, 1);
      for (const path of ['', '/embed', '.json', '/bracket.svg', '/standings.svg']) {
        const response = await http().get(`/v/${tournament.shareId}${path}`);
        expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
        for (const secret of ['organiser-only', 'ext-1', 'example.com', tournament.id, api.owner.id, api.owner.email, ...tournament.participants.map((p) => p.id)]) {
          expect({ path, leaks: response.body.includes(secret) ? secret : null }).toEqual({ path, leaks: null });
        }
        expect(response.body).toContain('Player 4');
      }
    });

    it('escapes names with markup, and keeps right-to-left names whole', async () => {
      const names = ['<img src=x onerror=alert(1)>', 'مريم الحسيني', 'Zoë & "Ana"'];
      const tournament = await organiser.tournament('round_robin', 3, { names: (index) => names[index] });
      const page = (await http().get(`/v/${tournament.shareId}`)).body;
      expect(page).not.toContain('<img src=x');
      expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(page).toContain('<bdi>مريم الحسيني</bdi>');
      expect(XMLValidator.validate((await http().get(`/v/${tournament.shareId}/bracket.svg`)).body)).toBe(true);
    });

    it('serves the same bytes for the same state under an ETag, 304 for a current copy, and new bytes after a result', async () => {
      const tournament = await organiser.tournament('double_elimination', 4);
      // Tagged only once the start's events are numbered (an unnumbered event is a change still under way).
      await settle();
      const first = await http().get(`/v/${tournament.shareId}/bracket.svg`);
      const again = await http().get(`/v/${tournament.shareId}/bracket.svg`);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      const cached = await http().get(`/v/${tournament.shareId}/bracket.svg`, { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');

      await organiser.playOut(tournament.base, undefined, 1);
      await settle();
      const after = await http().get(`/v/${tournament.shareId}/bracket.svg`, { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(after.body).toContain('<tspan x="204">2</tspan>');
    });

    it('draws image variants from query options, each under its own ETag; a bad option is a 400 problem', async () => {
      const tournament = await organiser.tournament('single_elimination', 8);
      await settle();
      const plain = await http().get(`/v/${tournament.shareId}/bracket.svg`);
      const dark = await http().get(`/v/${tournament.shareId}/bracket.svg?theme=dark&width=300&rounds=2-3`);
      const same = await http().get(`/v/${tournament.shareId}/bracket.svg?rounds=2-3&width=300&theme=dark`);
      expect(dark.statusCode).toBe(200);
      // A CDN may hold a snapshot for the second a view may lag anyway; browsers revalidate.
      expect(dark.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      expect(dark.body).toContain('width="300"');
      expect(dark.body).toContain('>Final<');
      expect(dark.body).not.toContain('>Quarter-finals<');
      expect(dark.headers.etag).not.toBe(plain.headers.etag);
      expect(same.headers.etag).toBe(dark.headers.etag);
      expect(same.body).toBe(dark.body);
      const cached = await http().get(`/v/${tournament.shareId}/bracket.svg?theme=dark&width=300&rounds=2-3`, { headers: { 'if-none-match': String(dark.headers.etag) } });
      expect(cached.statusCode).toBe(304);
      // Another variant's tag is not this one's.
      expect((await http().get(`/v/${tournament.shareId}/bracket.svg`, { headers: { 'if-none-match': String(dark.headers.etag) } })).statusCode).toBe(200);
      const top = await http().get(`/v/${tournament.shareId}/standings.svg?limit=2&background=transparent`);
      expect(top.statusCode).toBe(200);
      expect(top.body.match(/>Player \d+</g)).toHaveLength(2);

      const bad = await http().get(`/v/${tournament.shareId}/bracket.svg?theme=purple&limit=3`);
      expectProblem(bad, 400, 'invalid_parameter');
      expect((bad.json() as { errors: { parameter: string }[] }).errors.map((error) => error.parameter)).toEqual(['theme', 'limit']);
      expectProblem(await http().get(`/v/${tournament.shareId}/standings.svg?limit=0`), 400, 'invalid_parameter');
    });

    it('reads the state again after a wake-up that came while it was being read: a result then never waits a second more', async () => {
      const tournament = await organiser.tournament('single_elimination', 4);
      await settle();
      await http().get(`/v/${tournament.shareId}`);
      const viewing = api.testApp.app.get(ViewingService);
      const wakeups = api.testApp.app.get(EventWakeups);
      const lookups = jest.spyOn(api.testApp.app.get(SharedStates), 'lookup');
      try {
        wakeups.notify(api.owner.id);
        const reading = viewing.current(tournament.shareId);
        // Another result's wake-up, before that read has its answer: the read may be from before that result.
        wakeups.notify(api.owner.id);
        await reading;
        await viewing.current(tournament.shareId);
        expect(lookups).toHaveBeenCalledTimes(2);
        // With no wake-up since, the next second's viewers are answered from memory.
        await viewing.current(tournament.shareId);
        expect(lookups).toHaveBeenCalledTimes(2);
      } finally {
        lookups.mockRestore();
      }
    });

    it('gives no tag while the last change waits for its event number: an old ETag never answers 304 for it (issue 42)', async () => {
      const tournament = await organiser.tournament('single_elimination', 4);
      await settle();
      const before = await http().get(`/v/${tournament.shareId}/bracket.svg`);
      const oldTag = String(before.headers.etag);
      expect(oldTag).toMatch(/^"e\d+-/);
      // The sequencer's lock, held as another instance's sequencer would hold it, keeps the log from numbering
      // anything meanwhile (on the whole server: kept as short as it can be).
      const holder = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1)', [SEQUENCER_LOCK]);
        await organiser.playOut(tournament.base, undefined, 1);
        // The account's wake-up (another of its events numbered, on any instance) makes the cached view stale now
        // rather than within the second.
        api.testApp.app.get(EventWakeups).notify(api.owner.id);
        // The state's tags of every representation, as a client that read them all would send them.
        const oldTags = ['bracket-svg', 'standings-svg', 'json', 'page'].map((representation) => oldTag.replace('bracket-svg', representation)).join(', ');
        for (const path of ['/bracket.svg', '/standings.svg', '.json', '']) {
          const unnumbered = await http().get(`/v/${tournament.shareId}${path}`, { headers: { 'if-none-match': oldTags } });
          expect({ path, status: unnumbered.statusCode, etag: unnumbered.headers.etag }).toEqual({ path, status: 200, etag: undefined });
        }
        expect((await http().get(`/v/${tournament.shareId}/bracket.svg`)).body).toContain('<tspan x="204">2</tspan>');
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      await settle();
      const numbered = await http().get(`/v/${tournament.shareId}/bracket.svg`);
      expect(numbered.headers.etag).toMatch(/^"e\d+-/);
      expect(numbered.headers.etag).not.toBe(oldTag);
      expect((await http().get(`/v/${tournament.shareId}/bracket.svg`, { headers: { 'if-none-match': String(numbered.headers.etag) } })).statusCode).toBe(304);
    });

    it('lets any site read the snapshot and images (CORS *, no credentials), and frame only the embed', async () => {
      const tournament = await organiser.tournament('swiss', 5);
      const snapshot = await http().get(`/v/${tournament.shareId}.json`, { headers: { origin: 'https://overlay.example' } });
      expect(snapshot.headers['access-control-allow-origin']).toBe('*');
      expect(snapshot.headers['access-control-allow-credentials']).toBeUndefined();
      expect(snapshot.json()).toMatchObject({ kind: 'tournament', format: 'swiss', status: 'in_progress', planned_rounds: 3 });

      const page = await http().get(`/v/${tournament.shareId}`);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const embed = await http().get(`/v/${tournament.shareId}/embed`);
      expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(embed.headers['x-frame-options']).toBeUndefined();
      expect(embed.body).not.toContain('class="site"');
    });

    it('shows a swiss round not yet paired, a cancelled tournament and one with two participants', async () => {
      const swiss = await organiser.tournament('swiss', 4);
      const page = (await http().get(`/v/${swiss.shareId}`)).body;
      expect(page).toContain('Not paired yet.');

      const cancelled = await organiser.tournament('single_elimination', 2, { start: false });
      await organiser.patch(cancelled.base, { status: 'cancelled' });
      expect((await http().get(`/v/${cancelled.shareId}`)).body).toContain('This tournament was cancelled before play began.');

      const two = await organiser.tournament('single_elimination', 2);
      await organiser.playOut(two.base);
      const snapshot = (await http().get(`/v/${two.shareId}.json`)).json() as { status: string; standings: { rank: number; name: string }[] };
      expect(snapshot.status).toBe('completed');
      expect(snapshot.standings.map((row) => [row.rank, row.name])).toEqual([
        [1, 'Player 1'],
        [2, 'Player 2'],
      ]);
    });

    it('serves a 1 024-player double elimination: every name on the page, in the image and in the snapshot', async () => {
      const tournament = await organiser.tournament('double_elimination', 1024);
      await organiser.playOut(tournament.base, undefined, 20);
      const [page, svg, snapshot] = await Promise.all(['', '/bracket.svg', '.json'].map((path) => http().get(`/v/${tournament.shareId}${path}`)));
      expect([page.statusCode, svg.statusCode, snapshot.statusCode]).toEqual([200, 200, 200]);
      expect(XMLValidator.validate(svg.body)).toBe(true);
      expect(Buffer.byteLength(svg.body)).toBeLessThanOrEqual(300 * 1024);
      for (const index of [1, 512, 1024]) {
        expect(page.body).toContain(`>Player ${index}<`);
        expect(svg.body).toContain(`>Player ${index}<`);
      }
      const body = snapshot.json() as { participants: unknown[]; matches: { status: string }[] };
      expect(body.participants).toHaveLength(1024);
      expect(body.matches.filter((match) => match.status === 'completed')).toHaveLength(20);
    });

    it('draws a completed double elimination with a grand-final reset', async () => {
      const tournament = await organiser.tournament('double_elimination', 4);
      // The losers' bracket finalist (second slot of the grand final) wins it, so the reset is played.
      await organiser.playOut(tournament.base, (match) => (match.bracket === 'grand_final' && match.round === 1 ? { scores: [0, 1] } : undefined));
      const svg = (await http().get(`/v/${tournament.shareId}/bracket.svg`)).body;
      expect(svg).toContain('>Grand final reset<');
      const snapshot = (await http().get(`/v/${tournament.shareId}.json`)).json() as { status: string; matches: { bracket: string; status: string }[] };
      expect(snapshot.status).toBe('completed');
      expect(snapshot.matches.filter((match) => match.bracket === 'grand_final')).toHaveLength(2);
    });
  });

  describe('matches in the API', () => {
    it('carry each opponent’s name and seed', async () => {
      const tournament = await organiser.tournament('single_elimination', 3);
      const [match] = (await organiser.matches(tournament.base)).filter((candidate) => candidate.status === 'ready');
      expect(match.opponents.map(({ name, seed }) => ({ name, seed }))).toEqual([
        { name: 'Player 2', seed: 2 },
        { name: 'Player 3', seed: 3 },
      ]);
      const pending = (await organiser.matches(tournament.base)).find((candidate) => candidate.status === 'pending')!;
      expect(pending.opponents.find((opponent) => opponent.participant_id === null)).toMatchObject({ name: null, seed: null });
    });
  });

  describe('throttles', () => {
    it('limit public routes per client address, apart from any account’s budget', async () => {
      const tournament = await organiser.tournament('round_robin', 2, { start: false });
      const limit = api.testApp.config.publicRateLimitPerMinute;
      const address = '198.51.100.7';
      for (let i = 0; i < limit; i++) expect((await http().get(`/v/${tournament.shareId}.json`, { remoteAddress: address })).statusCode).toBe(200);
      const refused = await http().get(`/v/${tournament.shareId}.json`, { remoteAddress: address });
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await http().get(`/v/${tournament.shareId}`, { remoteAddress: address })).statusCode).toBe(429);
      // Another address, and the organiser's API, are untouched.
      expect((await http().get(`/v/${tournament.shareId}.json`, { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
      expect((await http().get(tournament.base, { ...as, remoteAddress: address })).statusCode).toBe(200);
    });
  });
});
