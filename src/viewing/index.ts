import type { ModuleManifest } from '../platform/module-manifest';
import { VIEWING_PROBLEM_KINDS } from './viewing.problems';
import { viewingApiDocs } from './viewing.openapi';
import { ViewingModule } from './viewing.module';

/** The public pages and live streams behind share links. */
export const viewingManifest: ModuleManifest = {
  name: 'viewing',
  nestModules: [ViewingModule],
  apiDocs: () => [viewingApiDocs()],
  problems: VIEWING_PROBLEM_KINDS,
};
