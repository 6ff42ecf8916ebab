import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { InvalidError } from '../domain-error';
import { HttpProblem } from './error-translation';

/** Fields a client may read but never write; naming them in a body is a 422 that says so. */
const READ_ONLY_FIELDS = new Set(['id', 'created_at', 'updated_at', 'version', 'started_at', 'completed_at', 'tournament_count']);

/**
 * Validates bodies and query strings against their DTO classes. Unknown fields
 * are refused, never dropped: a body problem is a 422 listing every field by
 * JSON Pointer, a query problem a 400 listing every parameter.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype, type } = metadata;
    if ((type !== 'body' && type !== 'query') || !metatype || isPrimitive(metatype)) return value;
    if (type === 'body' && (value === undefined || value === null)) value = {};
    if (type === 'body' && (typeof value !== 'object' || Array.isArray(value))) {
      throw new InvalidError([{ pointer: '', detail: 'The body must be a JSON object.' }]);
    }
    const instance = plainToInstance(metatype, value) as object;
    const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
    if (errors.length === 0) return instance;
    if (type === 'query') throw queryProblem(flatten(errors));
    throw new InvalidError(flatten(errors).map(({ path, detail }) => ({ pointer: toPointer(path), detail })));
  }
}

interface FlatError {
  path: string[];
  detail: string;
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

/** RFC 6901: escape "~" and "/" inside each segment. */
function toPointer(path: string[]): string {
  return path.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function queryProblem(errors: FlatError[]): HttpProblem {
  return new HttpProblem({
    code: 'invalid_parameter',
    detail: 'One or more query parameters are not valid.',
    extensions: {
      errors: errors.map(({ path, detail }) => ({
        parameter: path.join('.'),
        detail: detail.replace(' is not a recognised field.', ' is not a recognised query parameter.'),
      })),
    },
  });
}

function isPrimitive(metatype: unknown): boolean {
  return [String, Boolean, Number, Array, Object].includes(metatype as never);
}
