import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api';

type Match = components['schemas']['Match'];
type Preview = components['schemas']['MatchReportPreview'];

/**
 * A whole tournament through the typed client (openapi-typescript + openapi-fetch), with nothing cast: create,
 * register in bulk, start, preview and report every ready match round by round (`round` is a number), read the
 * standings. Type-checked under `strict` against freshly generated types and run against the real server by
 * test/openapi-clients.e2e-spec.ts. The base URL comes from the document's own `servers`.
 */
export async function playTournament(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const created = await api.POST('/api/v1/tournaments', { body: { name: 'Typed Cup', format: 'single_elimination' } });
  if (!created.data) throw new Error(`create: ${created.response.status} ${created.error?.code}`);
  const id = created.data.id;

  const names = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra'];
  const registered = await api.POST('/api/v1/tournaments/{id}/participants/bulk', {
    params: { path: { id } },
    body: { participants: names.map((name, index) => ({ name, seed: index + 1 })) },
  });
  if (!registered.data) throw new Error(`register: ${registered.response.status} ${registered.error?.code}`);

  const started = await api.PATCH('/api/v1/tournaments/{id}', { params: { path: { id } }, body: { status: 'in_progress' } });
  if (!started.data) throw new Error(`start: ${started.response.status} ${started.error?.code}`);

  const previews: Preview[] = [];
  const reported: Match[] = [];
  for (let round = 1; ; round += 1) {
    const page = await api.GET('/api/v1/tournaments/{id}/matches', { params: { path: { id }, query: { round, status: ['ready'], limit: 100 } } });
    if (!page.data) throw new Error(`list: ${page.response.status} ${page.error?.code}`);
    if (page.data.data.length === 0) break;
    for (const match of page.data.data) {
      const preview = await api.POST('/api/v1/tournaments/{id}/matches/{match_id}/preview', { params: { path: { id, match_id: match.id } }, body: { scores: [3, 1] } });
      if (!preview.data) throw new Error(`preview: ${preview.response.status} ${preview.error?.code}`);
      previews.push(preview.data);
      const report = await api.PATCH('/api/v1/tournaments/{id}/matches/{match_id}', {
        params: { path: { id, match_id: match.id }, header: { 'If-Match': `"v${match.version}"` } },
        body: { scores: [3, 1] },
      });
      if (!report.data) throw new Error(`report: ${report.response.status} ${report.error?.code}`);
      // The PATCH documents the deprecated dry run's preview too; a report without it answers the match.
      if ('dry_run' in report.data) throw new Error('report: answered a preview');
      reported.push(report.data);
    }
  }

  const standings = await api.GET('/api/v1/tournaments/{id}/standings', { params: { path: { id } } });
  if (!standings.data) throw new Error(`standings: ${standings.response.status} ${standings.error?.code}`);
  const tournament = await api.GET('/api/v1/tournaments/{id}', { params: { path: { id } } });

  return {
    rounds: reported.map((match) => match.round),
    winners: reported.map((match) => match.winner_id !== null),
    lastPreviewCompletes: previews.at(-1)?.tournament_completes,
    status: tournament.data?.status,
    podium: standings.data.data.map((row) => `${row.rank} ${row.name}`),
  };
}
