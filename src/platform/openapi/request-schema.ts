import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { METADATA_LIMITS } from '../../kernel/validation';
import type { NumberListRule } from '../http/validation/decorators';

/**
 * JSON Schemas read from the class-validator decorators of a request class, so a
 * field's type, limits, enum and optionality are written once: on the class the
 * server validates with. A module's docs file adds only descriptions, defaults
 * and examples (`FieldDocs`), never a limit or an enum.
 */
export type FieldDocs = Record<string, SchemaObject>;

type RequestClass = abstract new (...args: never[]) => object;

/** UUIDs are 36 characters; stating it lets generated clients and linters bound the string. */
const UUID_LENGTH = 36;
/** The longest RFC 3339 instant the server parses: nanoseconds and an offset. */
const INSTANT_MAX_LENGTH = 35;
/** IANA zone names are short; the server refuses anything past this (src/kernel/validation.ts). */
const TIME_ZONE_MAX_LENGTH = 64;

/** What one decorator says about a field, by the name class-validator records for it. */
const RULES: Record<string, (constraints: unknown[]) => SchemaObject> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer', format: 'int32' }),
  isLength: ([min, max]) => ({ minLength: min as number, maxLength: max as number }),
  maxLength: ([max]) => ({ maxLength: max as number }),
  min: ([min]) => ({ minimum: min as number }),
  max: ([max]) => ({ maximum: max as number }),
  isIn: ([values]) => ({ type: 'string', enum: [...(values as string[])] }),
  isUuid: () => ({ type: 'string', format: 'uuid', minLength: UUID_LENGTH, maxLength: UUID_LENGTH }),
  matches: ([pattern]) => ({ type: 'string', pattern: (pattern as RegExp).source }),
  isInstant: () => ({ type: 'string', format: 'date-time', maxLength: INSTANT_MAX_LENGTH }),
  isCalendarDate: () => ({ type: 'string', format: 'date', minLength: 10, maxLength: 10 }),
  isTimeZone: () => ({ type: 'string', minLength: 1, maxLength: TIME_ZONE_MAX_LENGTH }),
  isMetadata: () => ({ $ref: '#/components/schemas/Metadata' }),
  isMetadataPatch: () => ({ $ref: '#/components/schemas/MetadataPatch' }),
  isArray: () => ({ type: 'array' }),
  arrayMinSize: ([min]) => ({ minItems: min as number }),
  arrayMaxSize: ([max]) => ({ maxItems: max as number }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  shaped: ([schema]) => ({ ...(schema as SchemaObject) }),
  isNumberList: ([rule]) => {
    const { whole, min, max, maxItems } = rule as NumberListRule;
    return { type: 'array', minItems: 1, maxItems, items: { ...(whole ? { type: 'integer', format: 'int32' } : { type: 'number' }), minimum: min, maximum: max } };
  },
};

interface FieldRules {
  schema: SchemaObject;
  /** May be left out. */
  optional: boolean;
  /** May be null (class-validator's IsOptional: the house `Nullable()`). */
  nullable: boolean;
}

function fieldRules(dto: RequestClass): Map<string, FieldRules> {
  const metadata: ValidationMetadata[] = getMetadataStorage().getTargetValidationMetadatas(dto as unknown as new () => object, '', true, false);
  const fields = new Map<string, FieldRules>();
  for (const rule of metadata) {
    const field = fields.get(rule.propertyName) ?? { schema: {}, optional: false, nullable: false };
    fields.set(rule.propertyName, field);
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      field.optional = true;
      field.nullable ||= rule.name === 'isOptional';
      continue;
    }
    const describe = rule.name === undefined ? undefined : RULES[rule.name];
    if (!describe) throw new Error(`${dto.name}.${rule.propertyName}: no OpenAPI mapping for the validator "${rule.name}" (add it to RULES)`);
    // `{ each: true }` rules describe the items of an array field.
    if (rule.each) field.schema.items = { ...(field.schema.items as SchemaObject | undefined), ...describe(rule.constraints ?? []) };
    else Object.assign(field.schema, describe(rule.constraints ?? []));
  }
  return fields;
}

function withNull(schema: SchemaObject): SchemaObject {
  if (schema.$ref) return schema.$ref.endsWith('/MetadataPatch') ? schema : { oneOf: [schema, { type: 'null' }] };
  // A field of several shapes (a number or an object) says each in oneOf: null is one more.
  if (schema.oneOf) return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  const enumWithNull = schema.enum ? { enum: [...schema.enum, null] } : {};
  return { ...schema, type: [schema.type as 'string', 'null'], ...enumWithNull };
}

/** The field schemas of a request class, each merged with its docs (which may only describe). */
export function fieldSchemas(dto: RequestClass, docs: FieldDocs = {}, options: { allowNull?: boolean } = {}): Record<string, SchemaObject> {
  const properties: Record<string, SchemaObject> = {};
  for (const [name, field] of fieldRules(dto)) {
    const schema = field.nullable && options.allowNull !== false ? withNull(field.schema) : field.schema;
    properties[name] = { ...schema, ...docs[name] };
  }
  return properties;
}

/** A closed JSON body schema: required are the fields without `Absentable()`/`Nullable()`. */
export function requestBodySchema(dto: RequestClass, docs: FieldDocs, description: string): SchemaObject {
  const properties = fieldSchemas(dto, docs);
  const required = [...fieldRules(dto)].filter(([, field]) => !field.optional).map(([name]) => name);
  return { type: 'object', description, ...(required.length > 0 && { required }), additionalProperties: false, properties };
}

/** Query parameters of a list query class; `docs` adds descriptions, examples and the serialisation of arrays. */
export function queryParameters(query: RequestClass, docs: Record<string, Partial<ParameterObject>>): ParameterObject[] {
  return Object.entries(fieldSchemas(query, {}, { allowNull: false })).map(([name, schema]) => {
    const { schema: override, ...rest } = docs[name] ?? {};
    return { name, in: 'query', required: false, ...rest, schema: override ? { ...(override as SchemaObject) } : schema } as ParameterObject;
  });
}

/** The metadata objects every resource carries, bounded by the limits the domain enforces. */
export function metadataSchemas(): Record<'Metadata' | 'MetadataPatch', SchemaObject> {
  const { maxKeys, maxKeyLength, maxValueLength } = METADATA_LIMITS;
  const keys: SchemaObject = { type: 'string', minLength: 1, maxLength: maxKeyLength };
  return {
    Metadata: {
      type: 'object',
      description: `Your own references, string to string: at most ${maxKeys} keys of 1–${maxKeyLength} characters, values of up to ${maxValueLength} characters.`,
      maxProperties: maxKeys,
      propertyNames: keys,
      additionalProperties: { type: 'string', maxLength: maxValueLength },
      examples: [{ external_ref: 'evt-2026-041' }],
    },
    MetadataPatch: {
      type: ['object', 'null'],
      description:
        'Merged into the current metadata (RFC 7396): a key set to `null` is removed, other keys are added or replaced; ' +
        `\`null\` for the whole object removes every key. The result may have at most ${maxKeys} keys.`,
      propertyNames: keys,
      additionalProperties: { type: ['string', 'null'], maxLength: maxValueLength },
      examples: [{ external_ref: 'evt-2026-042', old_ref: null }],
    },
  };
}
