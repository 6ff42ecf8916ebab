import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../support/test-app';
import { PageClient, visibleText } from './page-client';

const PASSWORD = 'correct horse battery staple';
let addressCounter = 0;

/** The account page's "Tournaments and leagues" section (issue 42): list, share, stop sharing. */
describe('Account page: sharing tournaments and leagues', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  async function sql(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    return testApp.app.get(MikroORM).em.getConnection().execute(query, params, 'all');
  }

  /** A signed-in organiser with an API token, as the pages make them. */
  async function organiser(): Promise<{ client: PageClient; token: string }> {
    addressCounter += 1;
    const client = new PageClient(testApp, `10.42.0.${addressCounter}`);
    expect((await client.signUp(`sharing-${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(303);
    await client.get('/account');
    await client.post('/account/plan/subscribe');
    await client.get('/account');
    await client.post('/account/token', { replacing: '' });
    const page = await client.get('/account/token/new');
    const token = /id="new-token"[^>]*value="(tlm_[0-9A-Za-z]{36})"/.exec(page.body)![1];
    return { client, token };
  }

  async function create(token: string, path: 'tournaments' | 'leagues', body: Record<string, unknown>): Promise<{ id: string; share_id: string | null }> {
    const response = await testApp.app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: body, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function visibilityOf(table: 'tournaments' | 'leagues', id: string): Promise<{ visibility: string; share_id: string | null }> {
    const [row] = await sql(`SELECT visibility, share_id FROM ${table} WHERE id = ?`, [id]);
    return row as { visibility: string; share_id: string | null };
  }

  it('lists the account’s own tournaments and leagues with name, status and visibility, never another account’s', async () => {
    const mine = await organiser();
    const other = await organiser();
    const cup = await create(mine.token, 'tournaments', { name: 'Spring <Cup>', format: 'single_elimination' });
    const league = await create(mine.token, 'leagues', { name: 'Club League', visibility: 'unlisted' });
    const theirs = await create(other.token, 'tournaments', { name: 'Secret Open', format: 'single_elimination' });

    const page = await mine.client.get('/account');
    expect(page.statusCode).toBe(200);
    const text = visibleText(page);
    expect(page.body).toContain('Spring &lt;Cup&gt;');
    expect(text).toContain('Club League');
    expect(text).toMatch(/Spring &lt;Cup&gt; Status: draft · Visibility: Private/);
    expect(text).toMatch(/Club League Status: \w+ · Visibility: Unlisted/);
    expect(page.body).toContain(`action="/account/sharing/tournaments/${cup.id}/share"`);
    expect(page.body).toContain(`action="/account/sharing/leagues/${league.id}/stop"`);
    // The unlisted league shows its link and the documented embed.
    expect(page.body).toContain(`/v/${league.share_id}`);
    expect(page.body).toContain(`/v/${league.share_id}/embed`);
    expect(page.body).toContain('&lt;iframe src=');
    expect(text).not.toContain('Secret Open');
    expect(page.body).not.toContain(theirs.id);
  });

  it('shares (unlisted, with a link and an embed) and stops sharing (private) through the same change as the API', async () => {
    const { client, token } = await organiser();
    const cup = await create(token, 'tournaments', { name: 'Autumn Cup', format: 'single_elimination' });
    const eventsBefore = (await sql(`SELECT count(*)::int AS n FROM events WHERE tournament_id = ?`, [cup.id]))[0].n as number;

    await client.get('/account');
    const shared = await client.post(`/account/sharing/tournaments/${cup.id}/share`);
    expect(shared.statusCode).toBe(303);
    expect(shared.headers.location).toBe('/account?notice=shared#sharing-heading');
    const { visibility, share_id: shareId } = await visibilityOf('tournaments', cup.id);
    expect(visibility).toBe('unlisted');
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The same update as PATCH: a tournament.updated event, and the link works for anyone.
    const events = await sql(`SELECT type, data FROM events WHERE tournament_id = ? ORDER BY id`, [cup.id]);
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)!.type).toBe('tournament.updated');
    expect((events.at(-1)!.data as { visibility: string }).visibility).toBe('unlisted');
    expect((await testApp.app.inject({ method: 'GET', url: `/v/${shareId}` })).statusCode).toBe(200);

    const page = await client.get('/account?notice=shared');
    expect(visibleText(page)).toContain('Shared: anyone with its link can view it now');
    expect(page.body).toMatch(new RegExp(`class="share-link" readonly value="https?://[^"/]+/v/${shareId}"`));

    const stopped = await client.post(`/account/sharing/tournaments/${cup.id}/stop`);
    expect(stopped.headers.location).toBe('/account?notice=unshared#sharing-heading');
    expect(await visibilityOf('tournaments', cup.id)).toEqual({ visibility: 'private', share_id: null });
    // Its old link is dead at once, as after PATCH visibility private.
    expect((await testApp.app.inject({ method: 'GET', url: `/v/${shareId}` })).statusCode).toBe(404);
    expect(visibleText(await client.get('/account'))).toMatch(/Autumn Cup Status: draft · Visibility: Private/);
  });

  it('answers another account’s tournament, an unknown kind and a malformed id with a 404 page that changes nothing', async () => {
    const mine = await organiser();
    const other = await organiser();
    const theirs = await create(other.token, 'tournaments', { name: 'Not Yours', format: 'single_elimination' });
    await mine.client.get('/account');
    for (const url of [`/account/sharing/tournaments/${theirs.id}/share`, `/account/sharing/widgets/${theirs.id}/share`, '/account/sharing/tournaments/nope/share']) {
      const response = await mine.client.post(url);
      expect(response.statusCode).toBe(404);
      expect(visibleText(response)).toContain('Nothing was changed');
    }
    expect(await visibilityOf('tournaments', theirs.id)).toEqual({ visibility: 'private', share_id: null });
  });

  it('refuses a share without the CSRF token (403, nothing changes) and sends a signed-out visitor to sign in', async () => {
    const { client, token } = await organiser();
    const cup = await create(token, 'tournaments', { name: 'Guarded Cup', format: 'single_elimination' });
    await client.get('/account');
    const forged = await client.post(`/account/sharing/tournaments/${cup.id}/share`, { _csrf: '' });
    expect(forged.statusCode).toBe(403);
    expect(visibleText(forged)).toContain('Nothing was changed');
    expect(await visibilityOf('tournaments', cup.id)).toEqual({ visibility: 'private', share_id: null });

    const stranger = new PageClient(testApp, '10.42.1.1');
    const signedOut = await stranger.get('/account');
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/account/signin');
    await stranger.get('/account/signin');
    const posted = await stranger.post(`/account/sharing/tournaments/${cup.id}/share`);
    expect([303, 403]).toContain(posted.statusCode);
    expect(await visibilityOf('tournaments', cup.id)).toEqual({ visibility: 'private', share_id: null });
  });
});
