import type { OperationObject, ParameterObject, PathItemObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { problemCodes } from '../platform/http/problem';
import { MODULES } from '../modules';
import { problemGuide } from './problem-guide';
import { HTTP_METHODS } from '../platform/openapi/openapi-document';
import { deref } from '../platform/openapi/refs';
import { escapeHtml, renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument({ version: '9.9.9', rateLimitPerMinute: 60 }, MODULES);
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, PathItemObject]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ name: `${method} ${path}`, item, operation: item[method] as OperationObject })),
  );

  function requestSchema(name: string): SchemaObject {
    const { operation } = operations.find((entry) => entry.name === name)!;
    return (operation.requestBody as { content: Record<string, { schema: SchemaObject }> }).content['application/json'].schema;
  }

  it('lists as problem codes exactly those its error examples show: every code but email_taken, which only the command line raises', () => {
    const code = (document.components!.schemas!.Problem as SchemaObject).properties!.code as SchemaObject;
    expect(code.enum).toEqual(Object.keys(problemGuide(MODULES)).filter((name) => name !== 'email_taken'));
  });

  it('explains on /docs every code the platform, the kernel and the modules register, and no other', () => {
    expect(Object.keys(problemGuide(MODULES)).sort()).toEqual(problemCodes().sort());
  });

  it('gives every request body and every successful answer with a body an example', () => {
    const missing: string[] = [];
    for (const { name, operation } of operations) {
      for (const media of Object.values((operation.requestBody as { content?: Record<string, { example?: unknown }> })?.content ?? {})) {
        if (media.example === undefined) missing.push(`${name} request`);
      }
      for (const [status, value] of Object.entries(operation.responses ?? {})) {
        const response = deref<ResponseObject>(document, value);
        for (const media of Object.values(response.content ?? {})) if (media.example === undefined && media.examples === undefined) missing.push(`${name} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every parameter and every header an example', () => {
    const parameters = operations.flatMap(({ item, operation }) => [...(item.parameters ?? []), ...(operation.parameters ?? [])]);
    const headers = Object.entries(document.components!.headers!);
    expect(parameters.map((value) => deref<ParameterObject>(document, value)).filter((parameter) => parameter.example === undefined)).toEqual([]);
    expect(headers.filter(([, header]) => !('example' in header)).map(([name]) => name)).toEqual([]);
  });

  it('answers 405 on every operation and HEAD beside every GET', () => {
    expect(operations.filter(({ operation }) => !operation.responses?.['405']).map(({ name }) => name)).toEqual([]);
    expect(Object.entries(document.paths!).filter(([, item]) => Boolean(item.get) !== Boolean(item.head))).toEqual([]);
  });

  it('marks server-set fields read-only and keeps them out of request bodies', () => {
    const readOnlyOf = (resource: string) => {
      const properties = (document.components!.schemas![resource] as SchemaObject).properties!;
      return Object.keys(properties).filter((field) => (properties[field] as SchemaObject).readOnly);
    };
    expect(readOnlyOf('Tournament')).toEqual(['id', 'started_at', 'completed_at', 'share_id', 'participant_count', 'created_at', 'updated_at', 'version']);
    expect(readOnlyOf('Participant')).toEqual(['id', 'tournament_id', 'final_rank', 'status', 'withdrawal', 'checked_in_at', 'created_at', 'updated_at', 'version']);
    // A participant's status is the server's; a tournament's is the client's to change.
    const readOnly = [...readOnlyOf('Tournament'), ...readOnlyOf('Participant').filter((field) => field !== 'status')];
    for (const name of [
      'post /api/v1/tournaments',
      'patch /api/v1/tournaments/{id}',
      'post /api/v1/leagues',
      'patch /api/v1/leagues/{id}',
      'post /api/v1/tournaments/{id}/participants',
      'patch /api/v1/tournaments/{id}/participants/{participant_id}',
    ]) {
      const schema = requestSchema(name);
      expect({ name, closed: schema.additionalProperties, serverFields: Object.keys(schema.properties!).filter((field) => readOnly.includes(field) || field === 'tournament_count') }).toEqual({
        name,
        closed: false,
        serverFields: [],
      });
    }
  });

  it('takes the defaults of a create from the domain', () => {
    const create = requestSchema('post /api/v1/tournaments').properties!;
    expect(create.status).toMatchObject({ enum: ['draft', 'registration_open'], default: 'draft' });
    expect(create.participant_type).toMatchObject({ default: 'single' });
    expect(create.timezone).toMatchObject({ default: 'UTC' });
  });
});

describe('the /docs page', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('escapes what it takes from the document', () => {
    const document = buildOpenApiDocument({ version: '<script>alert(1)</script>', rateLimitPerMinute: 60 }, MODULES);
    const guides = { walkthrough: '# W\n\n<script>x</script>', versioning: '# V', changelog: '# C' };
    const page = renderDocsPage(document, { rateLimitPerMinute: 60, guides, problemGuide: problemGuide(MODULES) });
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<script>x');
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(page).toContain('Version &#60;script&#62;alert(1)&#60;/script&#62;');
  });
});
