import { Controller, Get, Header } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Public } from '../shared/auth/public.decorator';
import { packageVersion } from '../shared/package-version';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';
import type { OpenAPIObject as OpenApiDocument } from 'openapi3-ts/oas31';

/** The page may load nothing from anywhere: inline styles only, no scripts, no frames, no forms. */
const DOCS_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The OpenAPI document and the human docs rendered from it: public and not rate limited. */
@Public()
@Controller()
export class DocsController {
  private readonly document: OpenApiDocument;
  private readonly page: string;

  constructor(config: AppConfig) {
    this.document = buildOpenApiDocument({ version: packageVersion(), rateLimitPerMinute: config.rateLimitPerMinute });
    this.page = renderDocsPage(this.document, { rateLimitPerMinute: config.rateLimitPerMinute });
  }

  @Get('api/v1/openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  openApiDocument(): OpenApiDocument {
    return this.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  @Header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY)
  docsPage(): string {
    return this.page;
  }
}
