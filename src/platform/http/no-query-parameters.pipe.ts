import { Injectable, PipeTransform } from '@nestjs/common';
import { queryProblem } from './request-validation.pipe';

/**
 * For routes that take no query parameters (a single resource, standings): any parameter is a 400 naming it,
 * as lists refuse the ones they do not know, so a misspelt `?limt=5` is never silently ignored.
 * Use as `@Query(NoQueryParameters) _query: unknown`.
 */
@Injectable()
export class NoQueryParameters implements PipeTransform {
  transform(value: unknown): unknown {
    const names = Object.keys((value as object | undefined) ?? {});
    if (names.length > 0) throw queryProblem(names.map((name) => ({ path: [name], detail: `${name} is not a recognised field.` })));
    return value;
  }
}
