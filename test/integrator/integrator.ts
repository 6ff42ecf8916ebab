import createClient from 'openapi-fetch';
import type { paths } from './generated/api';

/**
 * What an integrator writes against types generated from our OpenAPI document
 * (openapi-typescript + openapi-fetch): create a league and a tournament in it,
 * read a page, update with If-Match, delete. test/openapi-clients.e2e-spec.ts
 * type-checks this file against freshly generated types and runs it against
 * the real server, so a document a generated client cannot use fails CI.
 */
export async function runIntegratorScript(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const league = await api.POST('/api/v1/leagues', { body: { name: 'City Chess League', season: '2026 Spring' } });
  if (!league.data) throw new Error(`create league: ${league.response.status} ${league.error?.code}`);

  const created = await api.POST('/api/v1/tournaments', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
    body: { name: 'Spring Cup', format: 'swiss', league_id: league.data.id },
  });
  if (!created.data) throw new Error(`create tournament: ${created.response.status} ${created.error?.code}`);

  const page = await api.GET('/api/v1/tournaments', { params: { query: { limit: 10, status: ['draft', 'registration_open'], league_id: league.data.id } } });
  if (!page.data) throw new Error(`list: ${page.response.status} ${page.error?.code}`);

  const etag = created.response.headers.get('etag') ?? '';
  const updated = await api.PATCH('/api/v1/tournaments/{id}', {
    params: { path: { id: created.data.id }, header: { 'If-Match': etag } },
    body: { status: 'registration_open', max_participants: 32 },
  });
  if (!updated.data) throw new Error(`update: ${updated.response.status} ${updated.error?.code}`);

  const stale = await api.PATCH('/api/v1/tournaments/{id}', { params: { path: { id: created.data.id }, header: { 'If-Match': etag } }, body: { name: 'Too late' } });

  const deleted = await api.DELETE('/api/v1/tournaments/{id}', {
    params: { path: { id: created.data.id }, header: { 'If-Match': updated.response.headers.get('etag') ?? '' } },
  });

  return {
    leagueStatus: league.data.status,
    tournamentLeague: created.data.league_id,
    listed: page.data.data.map((tournament) => tournament.id),
    updatedStatus: updated.data.status,
    version: updated.data.version,
    staleCode: stale.error?.code,
    deleteStatus: deleted.response.status,
  };
}
