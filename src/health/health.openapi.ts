import type { SchemaObject } from 'openapi3-ts/oas31';
import { ServiceUnavailableError } from '../kernel/domain-error';
import { ApiDocs, headerRefs, publicOperation } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';

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
          responses: { '200': { description: 'Alive.', headers: xRequestId, content: json('HealthLive', { status: 'ok' }) } },
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
            '503': problemResponse('The database is unreachable or has pending migrations.', '/health/ready', [new ServiceUnavailableError('The database is not reachable.')], headerRefs('X-Request-Id', 'Retry-After')),
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
