import type { SchemaObject } from 'openapi3-ts/oas31';
import { MODULES } from '../modules';
import { buildOpenApiDocument } from '../docs/openapi';

describe('the events part of the OpenAPI document', () => {
  const document = buildOpenApiDocument({ version: '9.9.9', rateLimitPerMinute: 60 }, MODULES);
  const EVENT_TYPE_NAMES = MODULES.flatMap((manifest) => Object.keys(manifest.eventTypes ?? {}));

  it('documents every event type as a webhook whose body is the event with that type and its data schema', () => {
    expect(Object.keys(document.webhooks ?? {})).toEqual(EVENT_TYPE_NAMES);
    for (const type of EVENT_TYPE_NAMES) {
      const body = document.webhooks![type].post!.requestBody as { content: Record<string, { schema: SchemaObject }> };
      const schema = body.content['application/json'].schema;
      expect((schema.properties!.type as SchemaObject).const).toBe(type);
      expect(schema.properties!.data).toEqual(expect.objectContaining({}));
      expect(Object.keys(schema.properties!.data)).not.toHaveLength(0);
    }
  });

  it('keeps the stream’s own 429 (too many streams) beside the rate limit’s', () => {
    const responses = document.paths!['/api/v1/events/stream'].get!.responses as Record<string, { content: Record<string, { examples: object }> }>;
    expect(Object.keys(responses['429'].content['application/problem+json'].examples)).toEqual(['event_streams_exceeded', 'rate_limited']);
  });
});
