import type { MigrationObject } from '@mikro-orm/core';
import type { DynamicModule, Type } from '@nestjs/common';
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { Abstract } from '@nestjs/common';
import type { ProblemEntry } from './http/problem';
import type { ApiDocs } from './openapi/openapi-kit';

/** An event type a module appends to the log: the webhook's summary and the schema of the event's `data`. */
export interface EventTypeEntry {
  summary: string;
  data: SchemaObject;
}

/** What a module's OpenAPI parts may read of the whole house when the document is built. */
export interface ApiDocsContext {
  rateLimitPerMinute: number;
  /** Every module's event types, in the order of the list of modules. */
  eventTypes: Readonly<Record<string, EventTypeEntry>>;
  /** What other modules add under `key` to this module's documentation (see ModuleManifest.contributes). */
  contributions(key: string): unknown[];
}

/**
 * Everything the house needs of one module, exported once from its public index (`src/<module>/index.ts`).
 * The composition root lists the manifests (src/modules.ts); the Nest application, the migration list, the
 * OpenAPI document, the problem guide on /docs and the event catalogue are all collected from them.
 */
export interface ModuleManifest {
  /** The folder under src. */
  name: string;
  /** The Nest modules to import into the application. */
  nestModules: readonly (Type<unknown> | DynamicModule)[];
  /** Its schema changes (its `persistence/migrations/`), any order: the list is sorted by timestamp. */
  migrations?: readonly MigrationObject[];
  /** Its parts of the OpenAPI document, in the document's order. */
  apiDocs?: (context: ApiDocsContext) => ApiDocs[];
  /** The problem codes only it raises, with their explanations. */
  problems?: Readonly<Record<string, ProblemEntry>>;
  /** The event types it appends to the log. */
  eventTypes?: Readonly<Record<string, EventTypeEntry>>;
  /** Documentation it adds to a lower module's, by that module's key (a lower module cannot import it to ask). */
  contributes?: Readonly<Record<string, readonly unknown[]>>;
  /** The ports other modules may declare adapters over (its public API), by name. */
  ports?: readonly Abstract<unknown>[];
}

/** The manifests the application was built from, for the parts of the house that loop over them at run time. */
export class InstalledModules {
  constructor(readonly manifests: readonly ModuleManifest[]) {}

  eventTypes(): Record<string, EventTypeEntry> {
    return Object.assign({}, ...this.manifests.map((manifest) => manifest.eventTypes ?? {}));
  }
}
