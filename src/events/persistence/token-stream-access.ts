import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../tokens/accounts.service';
import { StreamAccess } from '../domain/stream-access';

/** The tokens module's answer to "does this stream's token still work". */
@Injectable()
export class TokenStreamAccess extends StreamAccess {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  stillValid(credentials: string[]): Promise<Set<string>> {
    return this.accounts.digestsWithApiAccess(credentials);
  }
}
