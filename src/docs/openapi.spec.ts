import { PROBLEM_KINDS } from '../shared/http/problem';
import { PARTICIPANT_TYPES as DOMAIN_PARTICIPANT_TYPES, TOURNAMENT_FORMATS as DOMAIN_FORMATS } from '../tournaments/domain/tournament';
import { INITIAL_STATUSES, TOURNAMENT_STATUSES as DOMAIN_STATUSES } from '../tournaments/domain/tournament-status';
import { escapeHtml, renderDocsPage } from './docs-page';
import { buildOpenApiDocument, PARTICIPANT_TYPES, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES } from './openapi';
import { collectRefs, resolveRef, unresolvedRefs } from './openapi-types';

describe('the $ref walker', () => {
  const document = {
    components: { schemas: { 'a/b': { type: 'string' }, 'x~y': { type: 'integer' }, Thing: { properties: { other: { $ref: '#/components/schemas/Nope' } } } } },
    paths: { '/x': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } },
    list: [{ $ref: '#/components/schemas/Thing' }, { $ref: '#/components/schemas/a~1b' }, { $ref: '#/components/schemas/x~0y' }],
  };

  it('finds references nested in objects and arrays', () => {
    expect(collectRefs(document).sort()).toEqual([
      '#/components/responses/Missing',
      '#/components/schemas/Nope',
      '#/components/schemas/Thing',
      '#/components/schemas/a~1b',
      '#/components/schemas/x~0y',
    ]);
  });

  it('follows JSON Pointers with RFC 6901 escapes', () => {
    expect(resolveRef(document, '#/components/schemas/a~1b')).toEqual({ type: 'string' });
    expect(resolveRef(document, '#/components/schemas/x~0y')).toEqual({ type: 'integer' });
  });

  it('reports exactly the references that point nowhere', () => {
    expect(unresolvedRefs(document).sort()).toEqual(['#/components/responses/Missing', '#/components/schemas/Nope']);
  });

  it('does not resolve inherited members or external documents', () => {
    expect(resolveRef(document, '#/components/toString')).toBeUndefined();
    expect(resolveRef(document, 'other.json#/components/schemas/Thing')).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument({ version: '9.9.9', rateLimitPerMinute: 60 });

  it('has no dangling references', () => {
    expect(unresolvedRefs(document)).toEqual([]);
  });

  it('uses the enums the tournaments domain enforces', () => {
    expect(TOURNAMENT_FORMATS).toEqual(DOMAIN_FORMATS);
    expect(PARTICIPANT_TYPES).toEqual(DOMAIN_PARTICIPANT_TYPES);
    expect(TOURNAMENT_STATUSES).toEqual(DOMAIN_STATUSES);
    expect(document.components.schemas.TournamentCreate.properties?.status.enum).toEqual(INITIAL_STATUSES);
  });

  it('closes every request body to unknown fields and keeps read-only fields out of them', () => {
    const readOnlyFields = Object.entries(document.components.schemas.Tournament.properties ?? {})
      .filter(([, schema]) => schema.readOnly)
      .map(([name]) => name);
    expect(readOnlyFields).toEqual(['id', 'started_at', 'completed_at', 'created_at', 'updated_at', 'version']);
    for (const name of ['TournamentCreate', 'TournamentPatch', 'LeagueCreate', 'LeaguePatch']) {
      const schema = document.components.schemas[name];
      expect({ name, additionalProperties: schema.additionalProperties }).toEqual({ name, additionalProperties: false });
      expect(Object.keys(schema.properties ?? {}).filter((field) => readOnlyFields.includes(field) || field === 'tournament_count')).toEqual([]);
    }
  });

  it('gives every problem example the status and type of its code', () => {
    const problems: { code: keyof typeof PROBLEM_KINDS; status: number; type: string }[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if ('request_id' in node && 'code' in node) problems.push(node as unknown as (typeof problems)[number]);
        else Object.values(node).forEach(walk);
      }
    };
    walk(document.paths);
    walk(document.components.responses);
    expect(new Set(problems.map((problem) => problem.code)).size).toBeGreaterThan(15);
    for (const problem of problems) {
      expect(problem).toMatchObject({ status: PROBLEM_KINDS[problem.code].status, type: `/docs#problem-${problem.code}` });
    }
  });
});

describe('the /docs page', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('escapes what it takes from the document', () => {
    const document = buildOpenApiDocument({ version: '<script>alert(1)</script>', rateLimitPerMinute: 60 });
    const page = renderDocsPage(document, { rateLimitPerMinute: 60 });
    expect(page).not.toContain('<script>');
    expect(page).toContain('Version &#60;script&#62;alert(1)&#60;/script&#62;');
  });
});
