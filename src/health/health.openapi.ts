import type { SchemaObject } from 'openapi3-ts/oas31';
import { ServiceUnavailableError } from '../kernel/domain-error';
import { ApiDocs, headerRefs, publicOperation } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';

function missingHost(path: string) {
  return problemResponse('An HTTP/1.1 request without a `Host` header.', path, [{ code: 'malformed_request', detail: 'The request has no Host header, which HTTP/1.1 requires.' }], headerRefs('X-Request-Id'));
}

function shuttingDown(path: string) {
  return problemResponse(
    'The instance is shutting down: a request that arrived on a kept-alive connection meanwhile. Another instance can take it.',
    path,
    [new ServiceUnavailableError('The service is shutting down. Retry on another instance.', 1)],
    headerRefs('X-Request-Id', 'Retry-After'),
  );
}

/** The probes: no token, not rate limited, so their responses carry only `X-Request-Id`. */
export function healthApiDocs(): ApiDocs {
  const xRequestId = headerRefs('X-Request-Id');
  const ok: SchemaObject = { type: 'string', enum: ['ok'] };
  const json = (schema: string, example: object) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } });
  return {
    tags: [{ name: 'Health', description: 'Probes for the orchestrator. No token needed; not rate limited.' }],
    paths: {
      '/health/live': {
        get: publicOperation({
          operationId: 'getLiveness',
          summary: 'Liveness probe',
          description: 'The process is up and serving HTTP.',
          tags: ['Health'],
          responses: {
            '200': { description: 'Alive.', headers: xRequestId, content: json('HealthLive', { status: 'ok' }) },
            // Either probe, like every route: an HTTP/1.1 request without Host, and a request that arrives while shutting down.
            '400': missingHost('/health/live'),
            '503': shuttingDown('/health/live'),
          },
        }),
      },
      '/health/ready': {
        get: publicOperation({
          operationId: 'getReadiness',
          summary: 'Readiness probe',
          description: 'The database answers and its migrations are applied.',
          tags: ['Health'],
          responses: {
            '200': { description: 'Ready to serve.', headers: xRequestId, content: json('HealthReady', { status: 'ok', checks: { database: 'ok', migrations: 'ok' } }) },
            '400': missingHost('/health/ready'),
            '503': problemResponse(
              'The database is unreachable or has pending migrations, or the instance is shutting down (on a kept-alive connection).',
              '/health/ready',
              [new ServiceUnavailableError('The database is not reachable.')],
              headerRefs('X-Request-Id', 'Retry-After'),
            ),
          },
        }),
      },
    },
    components: {
      schemas: {
        HealthLive: { type: 'object', required: ['status'], properties: { status: ok } },
        HealthReady: {
          type: 'object',
          required: ['status', 'checks'],
          properties: { status: ok, checks: { type: 'object', required: ['database', 'migrations'], properties: { database: ok, migrations: ok } } },
        },
      },
    },
  };
}
