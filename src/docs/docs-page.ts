import { createHash } from 'node:crypto';
import type { HeaderObject, OpenAPIObject as OpenApiDocument, OperationObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { isProblemCode, problemKind } from '../platform/http/problem';
import { COMMON_ERROR_RESPONSES, HTTP_METHODS, HttpMethod } from '../platform/openapi/openapi-document';
import { deref } from '../platform/openapi/refs';
import { renderMarkdown } from './markdown';
import { TOKEN_NOTES, TOKEN_STEPS } from './openapi';

/** A schema as openapi3-ts types nested ones: possibly a bare reference. */
type Schema = SchemaObject | ReferenceObject;

/**
 * The /docs page: the OpenAPI document rendered as one self-contained HTML
 * page (inline CSS, one inline script pinned by its hash in the CSP, no
 * external resources), plus a quick start, the walk-through, the conventions,
 * every problem code, the versioning policy and the changelog. Every
 * interpolated value goes through `html`, which escapes anything that is not
 * already markup. Without the script the page loses only its search box.
 */
export interface DocsPageOptions {
  rateLimitPerMinute: number;
  /** Markdown sources: docs/walkthrough.md, docs/webhooks.md, docs/versioning.md, CHANGELOG.md. */
  guides: { walkthrough: string; versioning: string; changelog: string; webhooks?: string };
  /** Every problem code's explanation, in the order the page lists them (./problem-guide.ts). */
  problemGuide: Readonly<Record<string, string>>;
}

export function renderDocsPage(document: OpenApiDocument, options: DocsPageOptions): string {
  const operations = listOperations(document);
  const body = html`<div class="layout">
${navigation()}
<main>
${pageHeader(document)}
${quickStart()}
${guide('walkthrough', 'Walk-through: a whole tournament', options.guides.walkthrough)}
${conventions(document, options)}
${sharing()}
${options.guides.webhooks === undefined ? html`` : guide('webhooks', 'Webhooks: signatures, retries, SSRF rules', options.guides.webhooks)}
${endpoints(document, operations)}
${commonErrors(document)}
${schemasSection(document)}
${errorsSection(document, options)}
${guide('versioning', 'Versioning and deprecation', options.guides.versioning)}
${guide('changelog', 'Changelog', options.guides.changelog)}
</main>
</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} – documentation</title>
<style>${STYLE}</style>
</head>
<body>
${body.value}
<script>${SEARCH_SCRIPT}</script>
</body>
</html>
`;
}

// ---------------------------------------------------------------- HTML building blocks

/** Markup that is already safe; anything else interpolated into `html` is escaped. */
class Html {
  constructor(readonly value: string) {}
}

type Renderable = Html | string | number | boolean | null | undefined | Renderable[];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  return new Html(strings.reduce((out, string, index) => out + render(values[index - 1]) + string));
}

function render(value: Renderable): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

function join(parts: Renderable[], separator: string): Html {
  return new Html(parts.map(render).join(escapeHtml(separator)));
}

/** The little Markdown our descriptions use: `code` spans. */
function md(text: string | undefined): Html {
  if (!text) return new Html('');
  return join(
    text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part)),
    '',
  );
}

function codeList(values: readonly (string | null)[]): Html {
  return join(
    values.map((value) => html`<code>${String(value)}</code>`),
    ', ',
  );
}

// ---------------------------------------------------------------- the document, flattened

interface Operation {
  method: HttpMethod;
  path: string;
  operation: OperationObject;
  parameters: ParameterObject[];
  hasHead: boolean;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    // HEAD mirrors GET: one line on the GET instead of a section of its own.
    HTTP_METHODS.filter((method) => method !== 'head' && item[method]).map((method) => {
      const operation = item[method] as OperationObject;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => deref<ParameterObject>(document, parameter));
      return { method, path, operation, parameters, hasHead: Boolean(item.head) };
    }),
  );
}

function isPublicOperation(document: OpenApiDocument, operation: OperationObject): boolean {
  return (operation.security ?? document.security ?? []).length === 0;
}

// ---------------------------------------------------------------- page sections

function pageHeader(document: OpenApiDocument): Html {
  return html`<header class="page-header">
<h1>${document.info.title}</h1>
<p class="lede">List, read, create, update and delete your tournaments and leagues over HTTP and JSON.
API access requires the <strong>premium plan</strong>.</p>
<p class="meta">Version ${document.info.version} · OpenAPI ${document.openapi} document:
<a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a></p>
</header>`;
}

/**
 * One short wrapped line of links and the search box (shown by the script): on a phone it takes a few lines, not the
 * first screen. The endpoints section lists its tags itself.
 */
function navigation(): Html {
  const links = [
    ['quick-start', 'Quick start'],
    ['walkthrough', 'Walk-through'],
    ['conventions', 'Conventions'],
    ['webhooks', 'Webhooks'],
    ['endpoints', 'Endpoints'],
    ['common-errors', 'Common errors'],
    ['schemas', 'Schemas'],
    ['errors', 'Error codes'],
    ['versioning', 'Versioning'],
    ['changelog', 'Changelog'],
  ];
  return html`<nav aria-label="Contents"><ul><li><a href="/">Home</a></li>${links.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ul>
<div class="search"><input type="search" id="docs-search" placeholder="Search endpoints, fields, errors…" aria-label="Search the documentation" aria-controls="search-results" autocomplete="off" hidden>
<ul id="search-results" aria-live="polite"></ul></div></nav>`;
}

/** A Markdown document of the repository as a section; its headings join the search. */
function guide(id: string, title: string, markdown: string): Html {
  const rendered = renderMarkdown(markdown, { headingShift: 1, idPrefix: `${id}-`, dropTitle: true }).replace(
    /<(h[2-6]) id="([^"]+)">(.*?)<\/\1>/g,
    (_match, tag: string, headingId: string, inner: string) => `<${tag} id="${headingId}" data-search="${inner.replace(/<[^>]+>/g, '')}">${inner}</${tag}>`,
  );
  return html`<section id="${id}" class="guide">
<h2 data-search="${title}">${title}</h2>
${new Html(rendered)}
</section>`;
}

const CURL_LIST = `export BASE_URL=http://localhost:3000   # your server's address
export API_TOKEN=tlm_...                 # your token

curl -sS "$BASE_URL/api/v1/tournaments?limit=10" \\
  -H "Authorization: Bearer $API_TOKEN" \\
  -H "Content-Type: application/json"`;

const CURL_CREATE = `curl -sS -X POST "$BASE_URL/api/v1/tournaments" \\
  -H "Authorization: Bearer $API_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"name": "Spring Cup", "format": "single_elimination", "starts_at": "2026-05-01T18:00:00.000Z"}'`;

function quickStart(): Html {
  return html`<section id="quick-start">
<h2>Quick start</h2>
<h3>1. Get an API token</h3>
<ol>${TOKEN_STEPS.map((step) => html`<li>${md(step)}</li>`)}</ol>
<ul>${TOKEN_NOTES.map((note) => html`<li>${md(note)}</li>`)}</ul>
<p>Open <a href="/account/signup">the sign-up page</a> or, with an account, <a href="/account">your account settings</a>.</p>
<h3>2. Call the API</h3>
<p>Send the token in the <code>Authorization</code> header on every request, with <code>Content-Type: application/json</code>:</p>
<pre><code>${CURL_LIST}</code></pre>
<p>Create a tournament. The answer is <code>201 Created</code> with the tournament, its <code>Location</code> and <code>ETag</code>;
the <code>Idempotency-Key</code> makes the request safe to retry after a network failure.</p>
<pre><code>${CURL_CREATE}</code></pre>
<p>Every error comes back as <code>application/problem+json</code> with a stable <code>code</code>: see <a href="#errors">Errors</a>.</p>
<h3>3. Play it through</h3>
<p>Register participants, start the tournament, report its matches and read the standings: the <a href="#walkthrough">walk-through</a> shows every request.</p>
</section>`;
}

const CURL_SHARE = `curl -sS -X PATCH "$BASE_URL/api/v1/tournaments/$TOURNAMENT_ID" \\
  -H "Authorization: Bearer $API_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"visibility": "unlisted"}'
# the answer's "share_id" opens: $BASE_URL/v/<share_id>`;

const EMBED_SNIPPET = `<iframe src="https://tournaments.example/v/<share_id>/embed"
        title="Spring Cup bracket" width="100%" height="600"
        style="border:0" loading="lazy"></iframe>`;

const SHARING_NOTES = [
  '`visibility` is `private` (default) or `unlisted`, on tournaments and leagues. Becoming `unlisted` creates a `share_id` (22 characters, 128 random bits, not the resource id); back to `private` deletes it. `POST /api/v1/tournaments/{id}/share/rotate` (or `/leagues/{id}/…`) replaces it: the old links answer 404 at once, like links that never existed.',
  '`/v/{share_id}`: the page, server-rendered, readable without JavaScript; a small script follows the tournament’s public read-only stream (`/v/{share_id}/events`, Server-Sent Events) and swaps the parts that changed, within a second of a report.',
  '`/v/{share_id}/embed`: the same without the site’s header, the only route that may be framed (`frame-ancestors *`). `/v/{share_id}/bracket.svg` and `/v/{share_id}/standings.svg`: images for stream overlays and READMEs. `/v/{share_id}.json`: a snapshot for widgets, readable from any site (`Access-Control-Allow-Origin: *`, no credentials).',
  'Every answer carries an `ETag` from the tournament’s last event: send it in `If-None-Match` for a 304. Viewers share one rendering per state, so they cost the database almost nothing; each client address may make `PUBLIC_RATE_LIMIT_PER_MINUTE` (default 600) requests a minute, never from an account’s budget.',
  'Nothing private is shown: no ids, `metadata`, `external_id`, emails or account. A league page lists its tournaments and a table across the completed ones.',
  'Never put an API token in a public page. Whoever loads the page can read it and then act as you: change results, delete tournaments, use your whole rate limit. Pages and widgets should use the share links above. The API answers browsers only from origins listed in `CORS_ORIGINS` (default none), meant for your own back-office pages whose users hold their own token.',
];

function sharing(): Html {
  return html`<section id="sharing">
<h2>Sharing and embedding</h2>
<ul>${SHARING_NOTES.map((note) => html`<li>${md(note)}</li>`)}</ul>
<p>Share a tournament:</p>
<pre><code>${CURL_SHARE}</code></pre>
<p>Embed it in a club website:</p>
<pre><code>${EMBED_SNIPPET}</code></pre>
</section>`;
}

function conventions(document: OpenApiDocument, options: DocsPageOptions): Html {
  const items = [
    'JSON in and out, UTF-8. Field names are `snake_case`. Send `Content-Type: application/json` on every request; on GET and DELETE it is harmless.',
    'Instants are RFC 3339 in UTC with milliseconds (`2026-05-01T18:00:00.000Z`); calendar dates are `YYYY-MM-DD`.',
    'Identifiers are UUIDs (time-ordered v7). A malformed id in a path is 404, like an unknown one. Another account’s resources are 404 too.',
    'Bodies are JSON objects of at most 64 KiB (512 KiB on bulk endpoints: 256 participants with modest metadata). Unknown fields and read-only fields (`id`, `created_at`, `updated_at`, `version`, counts) are 422, never silently dropped.',
    'PATCH takes a JSON merge patch (RFC 7396), as `application/json` or `application/merge-patch+json`: absent fields stay unchanged, `null` clears an optional field.',
    'Optimistic concurrency: reading one resource returns a strong `ETag`. Send it in `If-None-Match` to get 304 when nothing changed, and in `If-Match` on PATCH or DELETE to get 412 instead of overwriting someone else’s change.',
    'Safe retries: send an `Idempotency-Key` (1–255 characters) with POST. For 24 hours a retry with the same key and body returns the first response with `Idempotent-Replayed: true` and creates nothing.',
    'Pagination: lists return `{"data": [...], "next_cursor": ...}`. Pass `next_cursor` as `cursor` (with the same filters and sort) for the next page, until it is `null`; the `Link: <...>; rel="next"` header carries the same URL. `limit` is 1–100 (default 20). Unknown query parameters are 400.',
    `Rate limit: ${options.rateLimitPerMinute} requests per minute per account, across all endpoints together; requests that fail authentication count per client address. ` +
      'Every `/api/v1` response says where you stand in `RateLimit-Policy`, `RateLimit`, `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; over the limit the answer is 429 with `Retry-After`. Health probes and these docs are not limited.',
    'Errors are RFC 9457 problem details with a stable `code` and the `request_id`; see Errors below.',
    'Every response carries `X-Request-Id`. Send your own (1–128 characters of `A-Za-z0-9._:-`) to correlate requests with your logs.',
  ];
  return html`<section id="conventions">
<h2>Conventions</h2>
<ul class="conventions">${items.map((item) => html`<li>${md(item)}</li>`)}</ul>
<h3 id="headers">Response headers</h3>
${headersTable(document)}
</section>`;
}

function headersTable(document: OpenApiDocument): Html {
  const rows = Object.entries(document.components?.headers ?? {}).map(
    ([name, value]) => {
      const header = value as HeaderObject;
      return html`<tr id="header-${name}"><td><code>${name}</code></td><td>${md(header.description)}</td>
<td>${header.example === undefined ? '' : html`<code>${String(header.example)}</code>`}</td></tr>`;
    },
  );
  return html`<table><thead><tr><th>Header</th><th>Meaning</th><th>Example</th></tr></thead><tbody>${rows}</tbody></table>`;
}

// ---------------------------------------------------------------- endpoints

function endpoints(document: OpenApiDocument, operations: Operation[]): Html {
  const groups = (document.tags ?? []).map((tag) => {
    const own = operations.filter((entry) => entry.operation.tags?.includes(tag.name));
    return html`<section class="tag" id="tag-${tag.name}">
<h3>${tag.name}</h3>
<p>${md(tag.description)}</p>
<ul class="operations">${own.map((entry) => html`<li><a href="#op-${entry.operation.operationId}"><span class="verb ${entry.method}">${entry.method.toUpperCase()}</span> ${entry.operation.summary}</a></li>`)}</ul>
${own.map((entry) => operationSection(document, entry))}
</section>`;
  });
  const tags = (document.tags ?? []).map((tag) => html`<li><a href="#tag-${tag.name}">${tag.name}</a></li>`);
  return html`<section id="endpoints"><h2>Endpoints</h2>
<p>Each endpoint opens to its parameters, responses and a request and response sample.</p>
<ul class="tags">${tags}</ul>
${groups}</section>`;
}

/** Statuses every authenticated operation (or every path, for 405) can answer: shown once under Common errors. */
const COMMON_STATUSES = new Set(['405', ...Object.keys(COMMON_ERROR_RESPONSES)]);

function operationSection(document: OpenApiDocument, entry: Operation): Html {
  const { method, path, operation } = entry;
  const access = isPublicOperation(document, operation)
    ? html`<p class="access open">No token needed.</p>`
    : html`<p class="access">Requires <code>Authorization: Bearer &lt;API_TOKEN&gt;</code> of a premium account.
Can also answer the <a href="#common-errors">common errors</a> (401, 403, 405, 429, 500, 503).</p>`;
  const deprecated = operation.deprecated || entry.parameters.some((parameter) => parameter.deprecated);
  return html`<article class="operation" id="op-${operation.operationId}" data-search="${method.toUpperCase()} ${path} ${operation.summary ?? ''}">
<h4><span class="verb ${method}">${method.toUpperCase()}</span> <code class="path">${path}</code></h4>
<p class="summary">${operation.summary}</p>
${operation.description ? html`<p>${md(operation.description)}</p>` : ''}
${entry.hasHead && method === 'get' ? html`<p class="access"><code>HEAD</code> answers the same with no body.</p>` : ''}
${deprecated ? html`<p class="access deprecated">Has a deprecated part: see <a href="#versioning">Versioning</a>.</p>` : ''}
${access}
<details class="more"><summary>Parameters, responses and samples</summary>
<div class="columns"><div>
${parametersTable(entry.parameters)}
${requestBody(operation)}
${responsesTable(document, operation)}
</div><div>
${samples(document, entry)}
</div></div>
</details>
</article>`;
}

function parametersTable(parameters: ParameterObject[]): Html {
  if (parameters.length === 0) return html``;
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema as SchemaObject;
    return html`<tr><td><code>${parameter.name}</code>${parameter.required ? html` <span class="required">required</span>` : ''}${parameter.deprecated ? html` <span class="required">deprecated</span>` : ''}</td>
<td>${parameter.in}</td><td>${typeOf(schema)}${parameter.explode === false ? ', comma-separated' : ''}</td>
<td>${details(parameter.description, schema)}${parameter.example === undefined ? '' : html` Example: <code>${exampleText(parameter)}</code>`}</td></tr>`;
  });
  return html`<h5>Parameters</h5>
<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Details</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function exampleText(parameter: ParameterObject): string {
  return Array.isArray(parameter.example) ? parameter.example.join(',') : String(parameter.example);
}

function requestBody(operation: OperationObject): Html {
  const body = operation.requestBody as { description?: string; required?: boolean; content: Record<string, { schema?: SchemaObject }> } | undefined;
  if (!body) return html``;
  const [first] = Object.values(body.content);
  return html`<h5>Request body</h5>
<p>${body.required ? 'Required' : 'Optional'}, as ${join(
    Object.keys(body.content).map((type) => html`<code>${type}</code>`),
    ' or ',
  )}. ${md(first.schema?.description || body.description)}</p>
${first.schema?.properties ? fieldsTable(first.schema) : ''}`;
}

/** The request as curl and the success answer, built from the operation's examples. */
function samples(document: OpenApiDocument, entry: Operation): Html {
  const { method, path, operation, parameters } = entry;
  const pathParameter = parameters.find((parameter) => parameter.in === 'path');
  const url = pathParameter ? path.replace(`{${pathParameter.name}}`, String(pathParameter.example)) : path;
  const body = (operation.requestBody as { content: Record<string, { example?: unknown }> } | undefined)?.content['application/json']?.example;
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.name !== 'cursor' && parameter.example !== undefined)
    .slice(0, 2)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(exampleText(parameter))}`);
  const lines = [`curl -sS${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "$BASE_URL${url}${query.length > 0 ? `?${query.join('&')}` : ''}"`];
  if (!isPublicOperation(document, operation)) lines.push('  -H "Authorization: Bearer $API_TOKEN"', '  -H "Content-Type: application/json"');
  for (const parameter of parameters.filter((one) => one.in === 'header')) lines.push(`  -H '${parameter.name}: ${exampleText(parameter)}'`);
  if (body !== undefined) lines.push(`  -d '${JSON.stringify(body)}'`);
  const [status, success] = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2')) ?? [];
  const response = success ? deref<ResponseObject>(document, success) : undefined;
  const [type, media] = Object.entries(response?.content ?? {})[0] ?? [];
  // An answer with more than one shape names its examples: the first is the usual one.
  const example = media?.example ?? (Object.values(media?.examples ?? {})[0] as { value?: unknown } | undefined)?.value;
  const answer = example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return html`<h5>Request sample</h5>
<pre><code>${lines.join(' \\\n')}</code></pre>
<h5>Response sample: ${status ?? ''}${type ? html` <span class="muted">${type}</span>` : ''}</h5>
<pre><code>${answer || '(no body)'}</code></pre>`;
}

/** Headers every /api/v1 response carries: listed once under Conventions, not on every row. */
const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

function responsesTable(document: OpenApiDocument, operation: OperationObject): Html {
  const rows = Object.entries(operation.responses ?? {})
    .filter(([status]) => !COMMON_STATUSES.has(status))
    .map(([status, value]) => responseRow(status, deref<ResponseObject>(document, value)));
  return html`<h5>Responses</h5>
<table class="responses"><thead><tr><th>Status</th><th>When</th><th>Body</th><th>Headers</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function responseRow(status: string, response: ResponseObject): Html {
  return html`<tr><td><span class="status s${status[0]}">${status}</span></td><td>${md(response.description)}</td>
<td>${responseBody(response)}</td><td>${responseHeaders(response)}</td></tr>`;
}

/** 401, 403, 405, 429, 500 and 503: the same on every operation, so shown once with an example each. */
function commonErrors(document: OpenApiDocument): Html {
  const names: Record<string, string> = { ...COMMON_ERROR_RESPONSES, '405': 'MethodNotAllowed' };
  const statuses = Object.keys(names).sort();
  const responses = statuses.map((status) => [status, deref<ResponseObject>(document, { $ref: `#/components/responses/${names[status]}` })] as const);
  const examples = responses.flatMap(([, response]) => Object.values(response.content?.['application/problem+json']?.examples ?? {}).slice(0, 1));
  return html`<section id="common-errors">
<h2>Common errors</h2>
<p>Any operation that needs a token can answer these, and any path answers 405 to a method it does not accept. They are not repeated on each endpoint.</p>
<table class="responses"><thead><tr><th>Status</th><th>When</th><th>Body</th><th>Headers</th></tr></thead><tbody>${responses.map(([status, response]) => responseRow(status, response))}</tbody></table>
${examples.map((example) => html`<details><summary>${(example as { summary?: string }).summary ?? ''}</summary><pre><code>${JSON.stringify((example as { value: unknown }).value, null, 2)}</code></pre></details>`)}
</section>`;
}

function responseBody(response: ResponseObject): Html {
  if (!response.content) return html`<span class="muted">none</span>`;
  return join(
    Object.entries(response.content).map(([type, media]) => {
      const codes = Object.keys(media.examples ?? {}).filter((code) => isProblemCode(code));
      const codeLinks = codes.map((code) => html`<a href="#problem-${code}"><code>${code}</code></a>`);
      return html`${typeOf((media.schema ?? {}) as SchemaObject)} <span class="muted">(${type})</span>${codes.length > 0 ? html`<br>code: ${join(codeLinks, ', ')}` : ''}`;
    }),
    '',
  );
}

function responseHeaders(response: ResponseObject): Html {
  const names = Object.keys(response.headers ?? {}).filter((name) => name !== 'X-Request-Id');
  const own = names.filter((name) => !RATE_LIMIT_HEADERS.includes(name)).map((name) => html`<a href="#header-${name}"><code>${name}</code></a>`);
  const rateLimited = names.some((name) => RATE_LIMIT_HEADERS.includes(name)) ? [html`<a href="#headers" class="muted">rate-limit headers</a>`] : [];
  return join([...own, ...rateLimited], ', ');
}

// ---------------------------------------------------------------- schemas

function schemasSection(document: OpenApiDocument): Html {
  const sections = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => schemaSection(name, schema as SchemaObject));
  return html`<section id="schemas">
<h2>Schemas</h2>
<p>Fields marked read-only appear in responses only; sending them is 422.</p>
${sections}
</section>`;
}

function schemaSection(name: string, schema: SchemaObject): Html {
  const example = schema.examples?.[0];
  return html`<article class="schema" id="schema-${name}" data-search="Schema ${name}">
<h3>${name}</h3>
${schema.description ? html`<p>${md(schema.description)}</p>` : ''}
${schema.properties ? fieldsTable(schema) : html`<p>${typeOf(schema)}. ${rules(schema)}</p>`}
${example === undefined ? '' : html`<details><summary>Example</summary><pre><code>${JSON.stringify(example, null, 2)}</code></pre></details>`}
</article>`;
}

function fieldsTable(schema: SchemaObject): Html {
  const required = new Set(schema.required ?? []);
  // Request bodies are closed (additionalProperties: false); in what the server sends, "required" means "always present".
  const isRequestBody = schema.additionalProperties === false;
  const presence = (field: string): Html =>
    required.has(field)
      ? isRequestBody
        ? html`<span class="required">required</span>`
        : html`<span class="muted">always</span>`
      : html`<span class="muted">optional</span>`;
  const rows = Object.entries(schema.properties ?? {}).map(
    ([field, property]) => html`<tr><td><code>${field}</code></td><td>${typeOf(property)}</td>
<td>${presence(field)}</td><td>${details(property.description, property)}</td></tr>`,
  );
  const closed = schema.additionalProperties === false ? html`<p class="muted">No other fields are accepted.</p>` : '';
  return html`<table><thead><tr><th>Field</th><th>Type</th><th></th><th>Details</th></tr></thead><tbody>${rows}</tbody></table>${closed}`;
}

function details(description: string | undefined, input: Schema): Html {
  const schema = input as SchemaObject;
  return join([description ? md(description) : '', rules(schema)], ' ');
}

/** A short human name for a schema's type, linking to named schemas. */
function typeOf(input: Schema): Html {
  const schema = input as SchemaObject;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  if (schema.const !== undefined) return html`<code>${JSON.stringify(schema.const)}</code>`;
  if (schema.oneOf) return join(schema.oneOf.map(typeOf), ' or ');
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  const labels = types.map((type) => {
    if (type === 'array') return html`array of ${schema.items ? grouped(schema.items) : 'values'}`;
    if (type === 'object' && typeof schema.additionalProperties === 'object') return html`object of string → ${grouped(schema.additionalProperties)}`;
    if (type === 'string' && schema.format) return html`string (${schema.format})`;
    return html`${type}`;
  });
  return labels.length > 0 ? join(labels, ' or ') : html`any`;
}

/** A nested type in parentheses when it is a union, so `string or null` inside an object reads unambiguously. */
function grouped(input: Schema): Html {
  const schema = input as SchemaObject;
  const union = (Array.isArray(schema.type) && schema.type.length > 1) || (schema.oneOf?.length ?? 0) > 1;
  return union ? html`(${typeOf(schema)})` : typeOf(schema);
}

/** The constraints of a schema, as a sentence fragment. */
function rules(input: Schema): Html {
  const schema = input as SchemaObject;
  const out: Html[] = [];
  if (schema.enum) out.push(html`One of ${codeList(schema.enum)}.`);
  const { minLength, maxLength, minimum, maximum } = schema;
  if (minLength !== undefined && minLength === maxLength) out.push(html`${maxLength} characters.`);
  else if (minLength !== undefined && maxLength !== undefined) out.push(html`${minLength}–${maxLength} characters.`);
  else if (maxLength !== undefined) out.push(html`At most ${maxLength} characters.`);
  if (minimum !== undefined && maximum !== undefined) out.push(html`${minimum}–${maximum}.`);
  else if (minimum !== undefined) out.push(html`At least ${minimum}.`);
  if (schema.minItems !== undefined && schema.maxItems !== undefined) out.push(html`${schema.minItems}–${schema.maxItems} items.`);
  if (schema.maxProperties !== undefined) out.push(html`At most ${schema.maxProperties} keys.`);
  const keys = schema.propertyNames as SchemaObject | undefined;
  const values = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as SchemaObject) : undefined;
  if (keys?.maxLength !== undefined) out.push(html`Keys of ${keys.minLength === undefined ? 'at most ' : `${keys.minLength}–`}${keys.maxLength} characters.`);
  if (values?.maxLength !== undefined) out.push(html`Values of at most ${values.maxLength} characters.`);
  if (schema.pattern !== undefined) out.push(html`Pattern <code>${schema.pattern}</code>.`);
  if (schema.default !== undefined) out.push(html`Default <code>${JSON.stringify(schema.default)}</code>.`);
  if (schema.readOnly) out.push(html`<span class="readonly">read-only</span>`);
  return join(out, ' ');
}

// ---------------------------------------------------------------- errors

/** The validation_failed example the document shows, as the typical problem. */
function problemExample(document: OpenApiDocument): string {
  const response = deref<ResponseObject>(document, { $ref: '#/components/responses/ValidationFailed' });
  return JSON.stringify((response.content?.['application/problem+json']?.examples?.validation_failed as { value: unknown }).value, null, 2);
}

function errorsSection(document: OpenApiDocument, options: DocsPageOptions): Html {
  // In the guide's order (the catalogue's codes come from every module; a test keeps the two sets equal).
  const rows = Object.entries(options.problemGuide).map(([code, guide]) => {
    const kind = problemKind(code);
    return html`<tr id="problem-${code}" data-search="Error ${kind.status} ${code}: ${kind.title}"><td><code>${code}</code></td><td><span class="status s${String(kind.status)[0]}">${kind.status}</span></td>
<td>${kind.title}</td><td>${md(guide)}</td></tr>`;
  });
  return html`<section id="errors">
<h2>Errors</h2>
<p>Every 4xx and 5xx answer is an RFC 9457 problem (<code>application/problem+json</code>) with <code>type</code>, <code>title</code>, <code>status</code>,
<code>detail</code>, <code>instance</code> (the request path), a stable <code>code</code> to switch on, and the <code>request_id</code>.
422 answers list every bad body field in <code>errors</code> as <code>{"pointer", "detail"}</code>; 400 <code>invalid_parameter</code> answers list bad query parameters as
<code>{"parameter", "detail"}</code>; 409 <code>invalid_state_transition</code> answers name the reachable statuses in <code>allowed_transitions</code>.
A problem’s <code>type</code> links to its row below.</p>
<pre><code>${problemExample(document)}</code></pre>
<table class="errors"><thead><tr><th>Code</th><th>Status</th><th>Title</th><th>When it happens and what to do</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

// ---------------------------------------------------------------- style

const STYLE = `
:root { --fg: #1c2230; --muted: #5d6678; --line: #dfe3ea; --soft: #f4f6f9; --accent: #1f56c2; }
* { box-sizing: border-box; }
html { scroll-behavior: smooth; }
body { margin: 0; color: var(--fg); background: #fff; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
code { background: var(--soft); border-radius: 3px; padding: 1px 4px; }
pre { background: #141b26; color: #e7ecf3; border-radius: 6px; padding: 12px 14px; overflow-x: auto; line-height: 1.45; }
pre code { background: none; padding: 0; color: inherit; }
.layout { max-width: 1280px; margin: 0 auto; }
nav { position: sticky; top: 0; z-index: 1; padding: 8px 16px; background: var(--soft); border-bottom: 1px solid var(--line); font-size: 14px; }
nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 2px 16px; }
.operations { list-style: none; padding: 0; margin: 6px 0 12px; font-size: 14px; }
.operations li { margin: 3px 0; }
.operations .verb { min-width: 54px; font-size: 11px; padding: 2px 4px; }
main { padding: 20px 32px 80px; }
.columns { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 0 20px; }
pre { max-width: 100%; max-height: 420px; overflow: auto; }
table { display: block; overflow-x: auto; }
.page-header h1 { margin: 0 0 6px; font-size: 28px; }
.lede { font-size: 17px; margin: 0 0 6px; }
.meta, .muted { color: var(--muted); }
h2 { margin: 44px 0 12px; padding-bottom: 6px; border-bottom: 2px solid var(--line); font-size: 23px; }
h3 { margin: 28px 0 8px; font-size: 19px; }
h4 { margin: 14px 0 4px; font-size: 16px; display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
h5 { margin: 16px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
table { width: 100%; border-collapse: collapse; margin: 6px 0 14px; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--soft); font-weight: 600; }
td:first-child { white-space: nowrap; }
.operation, .schema { border: 1px solid var(--line); border-radius: 8px; padding: 4px 18px 6px; margin: 16px 0; }
.operation .path { font-size: 15px; background: none; padding: 0; }
.summary { margin: 2px 0 6px; font-weight: 600; }
.access { margin: 4px 0; color: var(--muted); font-size: 14px; }
.access.open { color: #1d6b43; }
.verb { display: inline-block; min-width: 62px; padding: 4px 6px; border-radius: 4px; color: #fff; text-align: center; font: 700 12px/1.2 ui-monospace, Menlo, Consolas, monospace; }
.verb.get { background: #1d7a4c; }
.verb.post { background: #1f56c2; }
.verb.put, .verb.patch { background: #9a5b00; }
.verb.delete { background: #b3261e; }
.verb.head { background: #5d6678; }
.status { display: inline-block; min-width: 38px; padding: 1px 6px; border-radius: 10px; text-align: center; font: 600 12px/1.5 ui-monospace, Menlo, Consolas, monospace; }
.s2 { background: #dcf3e5; color: #13552f; }
.s3 { background: #e6e9ef; color: #333b4a; }
.s4 { background: #fdecd3; color: #7a4300; }
.s5 { background: #fbdcda; color: #8c1d18; }
.required { color: #8c1d18; font-size: 12px; font-weight: 600; }
.readonly { color: var(--muted); font-size: 12px; font-style: italic; }
.conventions li { margin: 5px 0; }
details { margin: 4px 0 10px; }
summary { cursor: pointer; color: var(--accent); }
tr:target { background: #fff7d6; }
/* Long paths and words wrap instead of widening the page; tables and code scroll inside their own box. */
.operation .path, h4 code { min-width: 0; overflow-wrap: anywhere; }
main { min-width: 0; overflow-wrap: break-word; }
/* An anchor's heading lands below the sticky bar (the script measures the bar; this is the fallback). */
html { scroll-padding-top: 96px; }
details.more > summary { margin: 6px 0; }
.deprecated { color: #8c1d18; }
.tags { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; }
.search { position: relative; margin-top: 6px; }
.search input { width: 100%; max-width: 420px; font: inherit; padding: 5px 8px; border: 1px solid #8a93a3; border-radius: 4px; }
#search-results { display: block; position: absolute; z-index: 2; left: 0; right: 0; max-width: 560px; margin: 2px 0 0; padding: 0; list-style: none; background: #fff; box-shadow: 0 4px 14px rgba(0,0,0,.15); border-radius: 4px; }
#search-results:empty { display: none; }
#search-results li { padding: 5px 10px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
.guide pre { white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 900px) {
  .columns { display: block; }
  nav { position: static; }
  html { scroll-padding-top: 0; }
  main { padding: 14px; }
  td:first-child { white-space: normal; }
}
`;

/**
 * The page's one script, inline and allowed by its hash: the search box (over every element with `data-search`),
 * the scroll offset of the sticky bar, and opening the collapsed section an anchor points into.
 */
const SEARCH_SCRIPT = `(() => {
  const nav = document.querySelector('nav');
  const input = document.getElementById('docs-search');
  const results = document.getElementById('search-results');
  const padForBar = () => {
    const sticky = getComputedStyle(nav).position === 'sticky';
    document.documentElement.style.scrollPaddingTop = sticky ? nav.offsetHeight + 8 + 'px' : '0px';
  };
  const openTarget = () => {
    const target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    const inside = target.querySelector('details.more');
    if (inside) inside.open = true;
    for (let node = target.parentElement; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true;
    target.scrollIntoView();
  };
  // Endpoints first, then schemas, error codes and the guides' headings.
  const rankOf = (element) => ['.operation', '.schema', 'tr'].findIndex((selector) => element.matches(selector)) >>> 0;
  const entries = [...document.querySelectorAll('[data-search]')]
    .map((element) => ({ id: element.id, label: element.dataset.search, rank: rankOf(element) }))
    .sort((a, b) => a.rank - b.rank);
  const clear = () => { input.value = ''; results.replaceChildren(); };
  const show = () => {
    const terms = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    results.replaceChildren();
    if (terms.length === 0) return;
    const found = entries.filter((entry) => terms.every((term) => entry.label.toLowerCase().includes(term))).slice(0, 12);
    for (const entry of found) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = '#' + entry.id;
      link.textContent = entry.label;
      item.append(link);
      results.append(item);
    }
    if (found.length === 0) {
      const item = document.createElement('li');
      item.textContent = 'Nothing matches “' + input.value + '”.';
      results.append(item);
    }
  };
  input.hidden = false;
  input.addEventListener('input', show);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') clear();
    if (event.key !== 'Enter') return;
    const first = results.querySelector('a');
    if (first) { location.hash = first.getAttribute('href'); clear(); }
  });
  results.addEventListener('click', (event) => { if (event.target.closest('a')) setTimeout(clear); });
  addEventListener('resize', padForBar);
  addEventListener('hashchange', openTarget);
  padForBar();
  openTarget();
})();`;

/** For the page's Content-Security-Policy: the one script allowed to run. */
export const DOCS_SCRIPT_HASH = `sha256-${createHash('sha256').update(SEARCH_SCRIPT, 'utf8').digest('base64')}`;
