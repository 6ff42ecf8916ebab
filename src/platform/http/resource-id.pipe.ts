import { PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../../kernel/domain-error';
import { isUuid } from '../../kernel/ids';

/**
 * A path id: a malformed one names nothing, so it is the resource's 404 (spec §1), never a 500.
 * `@Param('id', new ResourceIdPipe(TournamentNotFoundError))`; ids come out lower-cased.
 */
export class ResourceIdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFound: new () => NotFoundError) {}

  transform(id: string): string {
    if (!isUuid(id)) throw new this.notFound();
    return id.toLowerCase();
  }
}
