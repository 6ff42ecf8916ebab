import 'reflect-metadata';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { CreateLeagueDto, UpdateLeagueDto } from '../../src/leagues/dto/league-body.dto';
import { ListLeaguesQuery } from '../../src/leagues/dto/list-leagues.query';
import { ListParticipantsQuery } from '../../src/participants/dto/list-participants.query';
import { ListMatchesQuery } from '../../src/matches/dto/list-matches.query';
import { UpdateMatchDto, UpdateMatchQuery } from '../../src/matches/dto/match-body.dto';
import { BulkCreateParticipantsDto, CreateParticipantDto, UpdateParticipantDto } from '../../src/participants/dto/participant-body.dto';
import { ListTournamentsQuery } from '../../src/tournaments/dto/list-tournaments.query';
import { CreateTournamentDto, UpdateTournamentDto } from '../../src/tournaments/dto/tournament-body.dto';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { databaseState } from '../support/database-state';
import { hostileBody, hostileHeaders, hostileId, hostileItem, hostileList, hostileQuery } from '../support/hostile-arbitraries';
import { startTestAppOnOwnDatabase, TestApp } from '../support/test-app';

type Dto = new () => object;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** Creates a resource through the API and returns its path: for collections that live under another resource. */
type Create = (collection: string, body: object) => Promise<string>;

/**
 * One resource under test. A new module is one more line here: its collection, a valid body and its DTO
 * classes. A nested collection names it from a parent made first, e.g. for participants:
 * `collection: async (create) => `${await create('/api/v1/tournaments', { name: 'Cup', format: 'swiss' })}/participants``.
 */
interface Resource {
  collection: string | ((create: Create) => Promise<string>);
  /** For a nested collection: how the test titles read, such as `/api/v1/tournaments/{id}/participants`. */
  name?: string;
  valid: Record<string, unknown>;
  create: Dto;
  update: Dto;
  query: Dto;
}

const RESOURCES: Resource[] = [
  { collection: '/api/v1/tournaments', valid: { name: 'Property Cup', format: 'swiss' }, create: CreateTournamentDto, update: UpdateTournamentDto, query: ListTournamentsQuery },
  { collection: '/api/v1/leagues', valid: { name: 'Property League' }, create: CreateLeagueDto, update: UpdateLeagueDto, query: ListLeaguesQuery },
  {
    name: '/api/v1/tournaments/{id}/participants',
    collection: async (create) => `${await create('/api/v1/tournaments', { name: 'Property Cup', format: 'swiss' })}/participants`,
    valid: { name: 'Property Player' },
    create: CreateParticipantDto,
    update: UpdateParticipantDto,
    query: ListParticipantsQuery,
  },
];

/** Seeded and bounded: the same cases on every run (HARDENING_SEED picks others), a few thousand in all. */
const SEED = Number(process.env.HARDENING_SEED ?? 20_261_122);
const RUNS = Number(process.env.HARDENING_RUNS ?? 150);
const tally = { cases: 0, serverErrors: 0, refused: 0 };

/** Sends the request; a refusal must be a problem with the request id and must leave every table as it was. */
async function expectHandled(testApp: TestApp, send: () => Promise<LightMyRequestResponse>): Promise<void> {
  const before = await databaseState(testApp);
  const response = await send();
  tally.cases += 1;
  if (response.statusCode >= 500) tally.serverErrors += 1;
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode < 400) return;
  tally.refused += 1;
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json();
  expect(problem).toMatchObject({ status: response.statusCode, request_id: response.headers['x-request-id'], code: expect.any(String) });
  expect(await databaseState(testApp)).toEqual(before);
}

const property = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arbitrary, check), { seed: SEED, numRuns: RUNS, endOnFailure: true });

const report = () => {
  if (process.env.HARDENING_REPORT) process.stdout.write(`property suite so far: ${JSON.stringify(tally)}\n`);
};

/**
 * Property-based: over bodies, query strings, headers and path ids of every
 * endpoint, the service never answers 5xx, every refusal is problem+json with
 * the request id, and a refused request changes nothing in the database.
 */
describe.each(RESOURCES.map((resource) => ({ ...resource, name: resource.name ?? String(resource.collection) })))('properties of $name', (resource) => {
  let testApp: TestApp;
  let account: TestAccount;
  let collection: string;
  let item: string;

  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase();
    account = await createPremiumAccount(testApp);
    collection = typeof resource.collection === 'string' ? resource.collection : await resource.collection(createdIn);
    item = await created();
  });

  afterAll(async () => {
    await testApp.close();
    report();
  });

  async function createdIn(path: string, body: object): Promise<string> {
    const response = await testApp.http.request('POST', path, { token: account.token, rawBody: JSON.stringify(body) });
    expect(response.statusCode).toBe(201);
    return `${path}/${response.json().id}`;
  }
  // A fresh name each time: some resources (participants) refuse a repeated one.
  let made = 0;
  const created = () => createdIn(collection, { ...resource.valid, name: `${String(resource.valid.name)} ${++made}` });

  it('POST: any body', () =>
    property(hostileBody(resource.valid, resource.create), (rawBody) =>
      expectHandled(testApp, () => testApp.http.request('POST', collection, { token: account.token, rawBody })),
    ));

  it('PATCH: any body, as JSON or merge patch', () =>
    property(fc.tuple(hostileBody({}, resource.update), fc.boolean()), ([rawBody, mergePatch]) =>
      expectHandled(testApp, () =>
        testApp.http.request('PATCH', item, {
          token: account.token,
          rawBody,
          headers: mergePatch ? { 'content-type': 'application/merge-patch+json' } : {},
        }),
      ),
    ));

  it('GET list: any query string', () =>
    property(hostileQuery(resource.query), (query) => expectHandled(testApp, () => testApp.http.get(`${collection}${query}`, { token: account.token }))));

  it('any method on any path id', () =>
    property(fc.tuple(hostileId, fc.constantFrom<Method>('GET', 'PATCH', 'DELETE', 'PUT', 'POST')), ([id, method]) =>
      expectHandled(testApp, () => testApp.http.request(method, `${collection}/${id}`, { token: account.token, rawBody: '{"name":"x"}' })),
    ));

  it('any headers on every operation', () =>
    property(
      fc.tuple(hostileHeaders(account.token), fc.constantFrom('list', 'create', 'get', 'patch', 'delete'), hostileBody(resource.valid, resource.create)),
      async ([headers, operation, rawBody]) => {
        // A DELETE that succeeds (If-Match: *) must not take the shared item away from the other cases.
        const target = operation === 'delete' ? await created() : item;
        const [method, url] = {
          list: ['GET', collection],
          create: ['POST', collection],
          get: ['GET', target],
          patch: ['PATCH', target],
          delete: ['DELETE', target],
        }[operation] as [Method, string];
        await expectHandled(testApp, () => testApp.app.inject({ method, url, headers, payload: method === 'POST' || method === 'PATCH' ? rawBody : undefined }));
      },
    ));
});

/**
 * Endpoints beyond a resource's CRUD: the bulk import, whose items are nested request classes, and the matches
 * of a started tournament (generated, never created or deleted by a client).
 */
describe('properties of a bulk import and of matches', () => {
  let testApp: TestApp;
  let account: TestAccount;
  let draft: string;
  let started: string;
  let matches: { url: string; opponents: string[] }[];
  const PLAYER = 'Bulk Player';

  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase();
    account = await createPremiumAccount(testApp);
    const send = async (method: Method, url: string, body: object, status: number) => {
      const response = await testApp.http.request(method, url, { token: account.token, rawBody: JSON.stringify(body) });
      expect(response.statusCode).toBe(status);
      return response.json();
    };
    draft = `/api/v1/tournaments/${(await send('POST', '/api/v1/tournaments', { name: 'Bulk Cup', format: 'swiss' }, 201)).id}`;
    started = `/api/v1/tournaments/${(await send('POST', '/api/v1/tournaments', { name: 'Match Cup', format: 'swiss' }, 201)).id}`;
    await send('POST', `${started}/participants/bulk`, { participants: ['A', 'B', 'C', 'D'].map((name) => ({ name })) }, 201);
    await send('PATCH', started, { status: 'in_progress' }, 200);
    const list = (await testApp.http.get(`${started}/matches`, { token: account.token })).json();
    matches = list.data.map((match: { id: string; opponents: { participant_id: string }[] }) => ({
      url: `${started}/matches/${match.id}`,
      opponents: match.opponents.map((opponent) => opponent.participant_id),
    }));
  });

  afterAll(async () => {
    await testApp.close();
    report();
  });

  // A fresh name for every unedited item, so some imports are accepted instead of all colliding on one name.
  let made = 0;
  const freshNames = (rawBody: string) => rawBody.replaceAll(`"${PLAYER}"`, () => `"${PLAYER} ${++made}"`);

  it('POST participants/bulk: any items, or any body', () =>
    property(
      fc.oneof(
        { weight: 3, arbitrary: hostileList('participants', hostileItem({ name: PLAYER }, CreateParticipantDto), 5) },
        { weight: 1, arbitrary: hostileBody({ participants: [{ name: PLAYER }] }, BulkCreateParticipantsDto) },
      ),
      (rawBody) => expectHandled(testApp, () => testApp.http.request('POST', `${draft}/participants/bulk`, { token: account.token, rawBody: freshNames(rawBody) })),
    ));

  it('GET matches: any query string', () =>
    property(hostileQuery(ListMatchesQuery), (query) => expectHandled(testApp, () => testApp.http.get(`${started}/matches${query}`, { token: account.token }))));

  it('GET and PATCH a match: any path id', () =>
    property(fc.tuple(hostileId, fc.constantFrom<Method>('GET', 'PATCH')), ([id, method]) =>
      expectHandled(testApp, () => testApp.http.request(method, `${started}/matches/${id}`, { token: account.token, rawBody: '{"scores":[1,0]}' })),
    ));

  it('PATCH a match: any body and query, as JSON or merge patch', () => {
    const valid = (opponents: string[]) => [{ scores: [2, 1] }, { winner_id: opponents[1] }, { ranks: [1, 2] }, { scheduled_at: '2026-05-01T18:00:00.000Z' }];
    const request = fc
      .nat({ max: matches.length - 1 })
      .chain((index) =>
        fc.tuple(
          fc.constant(matches[index].url),
          fc.constantFrom(...valid(matches[index].opponents)).chain((body) => hostileBody(body, UpdateMatchDto)),
          fc.oneof({ weight: 3, arbitrary: fc.constantFrom('', '?dry_run=true', '?reset_dependents=true') }, { weight: 1, arbitrary: hostileQuery(UpdateMatchQuery) }),
          fc.boolean(),
        ),
      );
    return property(request, ([url, rawBody, query, mergePatch]) =>
      expectHandled(testApp, () =>
        testApp.http.request('PATCH', `${url}${query}`, {
          token: account.token,
          rawBody,
          headers: mergePatch ? { 'content-type': 'application/merge-patch+json' } : {},
        }),
      ),
    );
  });
});
