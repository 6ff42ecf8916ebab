import type { ModuleManifest } from '../platform/module-manifest';
import { DocsModule } from './docs.module';
import { docsApiDocs } from './openapi';

/** The OpenAPI document and /docs, built from every module's manifest. */
export const docsManifest: ModuleManifest = {
  name: 'docs',
  nestModules: [DocsModule],
  apiDocs: () => [docsApiDocs()],
};
