import { Controller, Get, Header, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { Public } from '../platform/auth/public.decorator';
import { packageVersion } from '../platform/package-version';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_SCRIPT_HASH, renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';
import { problemGuide } from './problem-guide';
import { InstalledModules } from '../platform/module-manifest';
import type { OpenAPIObject as OpenApiDocument } from 'openapi3-ts/oas31';

/** The page may load nothing from anywhere: inline styles, its one inline script (by hash), no frames, no forms. */
const DOCS_CONTENT_SECURITY_POLICY = `default-src 'none'; script-src '${DOCS_SCRIPT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The OpenAPI document and the human docs rendered from it: public and not rate limited. */
@Public()
@Controller()
export class DocsController {
  private readonly document: OpenApiDocument;
  private readonly page: string;

  constructor(config: AppConfig, modules: InstalledModules) {
    this.document = buildOpenApiDocument({ version: packageVersion(), rateLimitPerMinute: config.rateLimitPerMinute }, modules.manifests);
    this.page = renderDocsPage(this.document, { rateLimitPerMinute: config.rateLimitPerMinute, guides: readGuides(), problemGuide: problemGuide(modules.manifests) });
  }

  @Get('api/v1/openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  openApiDocument(@Req() request: FastifyRequest): OpenApiDocument {
    // The address this document was fetched from, so a client needs no base URL of its own; the scheme is a variable
    // (https first) whose default is the one the request came in with.
    const server = {
      url: '{scheme}://{host}',
      description: 'This instance: the production, staging or local server that served this document.',
      variables: { scheme: { enum: ['https', 'http'], default: request.protocol }, host: { default: request.host } },
      'x-internal': false,
    };
    return { ...this.document, servers: [server] };
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  @Header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY)
  docsPage(): string {
    return this.page;
  }
}

/** The repository's own Markdown, two levels up from both src/docs and dist/docs (the image copies them too). */
function readGuides(): { walkthrough: string; versioning: string; changelog: string; webhooks: string } {
  const read = (path: string) => readFileSync(join(__dirname, '..', '..', path), 'utf8');
  return { walkthrough: read('docs/walkthrough.md'), versioning: read('docs/versioning.md'), changelog: read('CHANGELOG.md'), webhooks: read('docs/webhooks.md') };
}
