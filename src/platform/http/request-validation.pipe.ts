import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationError, ValidationTypes } from 'class-validator';
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { HttpProblem } from './error-translation';
import { escapePointerSegment, pointersWithLoneSurrogate, pointersWithNul } from './hostile-json';
import { suggestion } from './did-you-mean';
import { cacheValidationRules, validatePresent } from './validation-rules-cache';

/**
 * Fields a client may read but never write; naming them in any body is a 422 that says so (not a "did you mean").
 * The common ones are here; a module adds its own with registerReadOnlyFields (in its body DTO file).
 */
const READ_ONLY_FIELDS = new Set(['id', 'created_at', 'updated_at', 'version', 'started_at', 'completed_at', 'share_id']);

export function registerReadOnlyFields(...names: string[]): void {
  for (const name of names) READ_ONLY_FIELDS.add(name);
}
const NUL_DETAIL = 'must not contain the NUL character (U+0000).';
const LONE_SURROGATE_DETAIL = 'must be Unicode text: it holds a lone UTF-16 surrogate (such as \\ud800 without its pair).';

export interface FlatError {
  path: string[];
  detail: string;
}

/**
 * Validates bodies and query strings against their DTO classes. Unknown fields
 * are refused, never dropped: a body problem is a 422 listing every field by
 * JSON Pointer, a query problem a 400 listing every parameter.
 *
 * Field names are checked against the DTO's own list before class-transformer
 * sees the value: it skips names of Object.prototype members (`constructor`,
 * `toString`, `__proto__`), which would otherwise slip through unrefused.
 * Object-valued fields (metadata) bypass it entirely and reach validation as
 * sent, so any key is kept. Nested request classes (a bulk import's items)
 * follow the same path at every level.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  private readonly fieldsByDto = new WeakMap<object, DtoFields>();

  constructor() {
    cacheValidationRules();
  }

  // Synchronous: no request class has an asynchronous rule, and a pipe that returns a value costs Nest no promise.
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype, type } = metadata;
    if ((type !== 'body' && type !== 'query') || !metatype || isPrimitive(metatype)) return value;
    if (value === undefined && type === 'query') value = {};
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidError([{ pointer: '', detail: `The body must be a JSON object.${this.wrapperHint(metatype, value)}` }]);
    }
    const plain = value as Record<string, unknown>;
    const shapeProblems: FlatError[] = [];
    const instance = this.instantiate(metatype, plain, [], shapeProblems);

    // Unknown fields were refused above, at every level (class-validator's whitelist would only repeat that).
    const errors = validatePresent(instance, { forbidUnknownValues: true });
    const crossField = type === 'body' && hasCrossFieldRules(instance) ? instance.crossFieldProblems() : [];
    const problems = shapeProblems.concat(unstorableTextProblems(plain), flatten(errors));
    if (problems.length === 0 && crossField.length === 0) return instance;
    throw refusal(type, problems, crossField);
  }

  /**
   * The request class instance for `plain`, its items' instances included: only declared fields pass through
   * class-transformer (for its transforms such as Trim); objects (metadata) are copied as sent, and items of
   * nested request classes are built the same way, so every level refuses unknown fields and keeps any key.
   */
  private instantiate(metatype: object, plain: Record<string, unknown>, path: string[], problems: FlatError[]): Record<string, unknown> {
    const { known, nestedItems } = this.fieldsOf(metatype);
    problems.push(...unknownFields(plain, known, path));
    const itemClassIn = (key: string) => (isJsonContainer(plain[key]) ? nestedItems.get(key) : undefined);
    const asSent = (key: string) => holdsObjects(plain[key]) || itemClassIn(key) !== undefined;
    const transformable: Record<string, unknown> = {};
    for (const key of Object.keys(plain)) if (known.has(key) && !asSent(key)) transformable[key] = plain[key];
    const instance = plainToInstance(metatype as new () => object, transformable) as Record<string, unknown>;
    for (const key of Object.keys(plain)) {
      if (!known.has(key) || !asSent(key)) continue;
      const itemClass = itemClassIn(key);
      instance[key] = itemClass ? this.instantiateItems(itemClass, plain[key], [...path, key], problems) : plain[key];
    }
    return instance;
  }

  /** A nested field holds one item or an array of them; an item that is not an object is refused here, once. */
  private instantiateItems(itemClass: object, value: unknown, path: string[], problems: FlatError[]): unknown {
    const build = (item: unknown, itemPath: string[]) => {
      if (isJsonObject(item)) return this.instantiate(itemClass, item, itemPath, problems);
      problems.push({ path: itemPath, detail: 'Each item must be a JSON object.' });
      return undefined; // so class-validator does not report it a second time
    };
    return Array.isArray(value) ? value.map((item, index) => build(item, [...path, String(index)])) : build(value, path);
  }

  /** A bare array sent where the body wraps one (a bulk import): name the wrapper, `{"participants": [...]}`. */
  private wrapperHint(metatype: object, value: unknown): string {
    const [wrapper] = this.fieldsOf(metatype).nestedItems.keys();
    return Array.isArray(value) && wrapper !== undefined ? ` Send the array in ${wrapper}: {"${wrapper}": [...]}.` : '';
  }

  private fieldsOf(metatype: object): DtoFields {
    let fields = this.fieldsByDto.get(metatype);
    if (!fields) {
      const dto = metatype as new () => object;
      const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
      const nested = rules.filter((rule) => rule.type === ValidationTypes.NESTED_VALIDATION).map((rule) => rule.propertyName);
      fields = {
        known: new Set(rules.map((rule) => rule.propertyName)),
        nestedItems: new Map(nested.map((key) => [key, itemClassOf(dto, key)])),
      };
      this.fieldsByDto.set(metatype, fields);
    }
    return fields;
  }
}

/**
 * The request class a nested field's @Type names, asked of class-transformer through its public API (its
 * metadata storage is not exported): an empty object in that field comes back as an instance of the class.
 */
function itemClassOf(dto: new () => object, key: string): object {
  const probe = plainToInstance(dto, { [key]: {} }) as Record<string, unknown>;
  const itemClass = (probe[key] as object | undefined)?.constructor;
  if (!itemClass || itemClass === Object) throw new Error(`${dto.name}.${key} is validated as nested but names no @Type class.`);
  return itemClass;
}

function isJsonContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return isJsonContainer(value) && !Array.isArray(value);
}

interface DtoFields {
  known: Set<string>;
  /** Fields holding nested request classes (@ValidateNested), with the class of their items. */
  nestedItems: Map<string, object>;
}

function unknownFields(plain: Record<string, unknown>, known: Set<string>, path: string[]): FlatError[] {
  return Object.keys(plain)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: [...path, key], detail: explain('whitelistValidation', '', key) + (READ_ONLY_FIELDS.has(key) ? '' : suggestion(key, known)) }));
}

function refusal(type: 'body' | 'query', errors: FlatError[], crossField: FieldProblem[]): Error {
  if (type === 'query') return queryProblem(errors);
  return new InvalidError([...errors.map(({ path, detail }) => ({ pointer: toPointer(path), detail })), ...crossField]);
}

/**
 * A request class with rules that span fields or array items (class-validator checks one value at a time);
 * its problems join the field problems in the same 422.
 */
export interface CrossFieldRules {
  crossFieldProblems(): FieldProblem[];
}

function hasCrossFieldRules(instance: object): instance is CrossFieldRules {
  return typeof (instance as Partial<CrossFieldRules>).crossFieldProblems === 'function';
}

/**
 * An object (metadata), or an array holding one: class-transformer would walk it and mishandle
 * prototype-named keys, so it is validated as sent. Arrays of plain values (a repeated query
 * parameter) still go through it, for transforms such as CommaList.
 */
function holdsObjects(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return !Array.isArray(value) || value.some((item) => item !== null && typeof item === 'object');
}

/** One problem per string PostgreSQL cannot store as sent (NUL, a lone surrogate), at its pointer (its first segment is the field or parameter). */
function unstorableTextProblems(plain: Record<string, unknown>): FlatError[] {
  const at = (detail: string) => (pointer: string) => ({
    path: pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')),
    detail,
  });
  return [...pointersWithNul(plain).map(at(NUL_DETAIL)), ...pointersWithLoneSurrogate(plain).map(at(LONE_SURROGATE_DETAIL))];
}

function flatten(errors: ValidationError[], parent: string[] = []): FlatError[] {
  return errors.flatMap((error) => {
    const path = [...parent, error.property];
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      path,
      detail: explain(constraint, message, error.property),
    }));
    // One message per field is enough: class-validator may report several constraints.
    return [...own.slice(0, 1), ...flatten(error.children ?? [], path)];
  });
}

function explain(constraint: string, message: string, property: string): string {
  if (constraint !== 'whitelistValidation') return message;
  return READ_ONLY_FIELDS.has(property) ? `${property} is read-only.` : `${property} is not a recognised field.`;
}

function toPointer(path: string[]): string {
  return path.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

export function queryProblem(errors: FlatError[]): HttpProblem {
  return new HttpProblem({
    code: 'invalid_parameter',
    detail: 'One or more query parameters are not valid.',
    extensions: {
      errors: errors.map(({ path, detail }) => ({
        parameter: path[0],
        detail:
          detail === NUL_DETAIL || detail === LONE_SURROGATE_DETAIL
            ? `${path[0]} ${detail}`
            : detail.replace(' is not a recognised field.', ' is not a recognised query parameter.'),
      })),
    },
  });
}

function isPrimitive(metatype: unknown): boolean {
  return [String, Boolean, Number, Array, Object].includes(metatype as never);
}
