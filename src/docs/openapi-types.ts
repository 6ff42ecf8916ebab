/**
 * The subset of OpenAPI 3.1 (and its JSON Schema 2020-12 dialect) that our
 * document uses. Typed so that a typo in a keyword fails the build instead of
 * silently producing a document tools ignore.
 */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface SchemaObject {
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  format?: string;
  enum?: readonly (string | null)[];
  const?: string | number | boolean;
  default?: unknown;
  examples?: unknown[];
  readOnly?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  propertyNames?: SchemaObject;
  maxProperties?: number;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  uniqueItems?: boolean;
}

export interface Reference {
  $ref: string;
  description?: string;
}

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: SchemaObject;
  example?: unknown;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path';
  description: string;
  required?: boolean;
  schema: SchemaObject;
  style?: 'form' | 'simple';
  explode?: boolean;
  example?: unknown;
}

export interface ExampleObject {
  summary?: string;
  value: unknown;
}

export interface MediaTypeObject {
  schema: SchemaObject;
  examples?: Record<string, ExampleObject>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `[]` marks an operation that needs no token. */
  security?: SecurityRequirement[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Reference>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = { parameters?: (ParameterObject | Reference)[] } & Partial<Record<HttpMethod, OperationObject>>;

export interface TagObject {
  name: string;
  description: string;
}

export interface SecuritySchemeObject {
  type: 'http';
  scheme: 'bearer';
  bearerFormat: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license?: { name: string; identifier?: string } };
  servers: { url: string; description?: string }[];
  security: SecurityRequirement[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
}

export function isReference(value: object): value is Reference {
  return typeof (value as Reference).$ref === 'string';
}

/** Every `$ref` in the document that does not point at an existing node (local `#/...` references only). */
export function unresolvedRefs(document: object): string[] {
  return [...new Set(collectRefs(document))].filter((ref) => resolveRef(document, ref) === undefined);
}

export function collectRefs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(collectRefs);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : collectRefs(value)));
}

/** Follows a local reference such as `#/components/schemas/Tournament` (RFC 6901 escapes included). */
export function resolveRef(document: object, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
