import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppMetrics } from './app-metrics';

/**
 * `GET /metrics` on its own port (METRICS_PORT), a plain node:http server
 * apart from the API's Fastify instance: the public port never serves it, and
 * a scrape neither counts against a rate limit nor shows up in the request
 * metrics it reports.
 */
export async function startMetricsServer(metrics: AppMetrics, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting metrics failed\n'),
    );
  });
  // Scrapers keep connections open; do not let them hold up shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

export async function stopMetricsServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
