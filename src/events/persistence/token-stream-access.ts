import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../tokens';
import { StreamAccess } from '../domain/stream-access';

/** The tokens module's answer to "does this stream's token still work". */
@Injectable()
export class TokenStreamAccess extends StreamAccess {
  constructor(
    private readonly accounts: AccountsService,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  stillValid(credentials: string[]): Promise<Set<string>> {
    // Asked from timers and notifications, outside any request: the lookups get a context of their own.
    return RequestContext.create(this.orm.em, () => this.accounts.digestsWithApiAccess(credentials));
  }
}
