import { Injectable } from '@nestjs/common';
import { LeaguesService } from '../leagues';
import { AccountsService } from '../tokens';
import { Account } from '../tokens';
import { TournamentsService } from '../tournaments';

/** One line of `account:list`. */
export interface AccountSummary {
  id: string;
  email: string;
  plan: string;
  created_at: string;
}

/** What `account:show` prints: the account, its token (never the secret) and what it owns. */
export interface AccountReport extends AccountSummary {
  token: { last_four: string; created_at: string; last_used_at: string | null } | null;
  tournaments: number;
  leagues: number;
}

/** How many accounts one database round trip of `account:list` reads. */
export const ACCOUNT_PAGE_SIZE = 500;

/** Read-only views of accounts for operators, composed from the modules' application services. */
@Injectable()
export class AccountReports {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tournaments: TournamentsService,
    private readonly leagues: LeaguesService,
  ) {}

  /** Accounts in email order after `afterEmail`, at most `limit` (all when undefined), read page by page. */
  async *list(afterEmail: string | undefined, limit = Number.POSITIVE_INFINITY): AsyncGenerator<AccountSummary> {
    let after = afterEmail;
    let remaining = limit;
    while (remaining > 0) {
      const page = await this.accounts.listAccounts(after, Math.min(ACCOUNT_PAGE_SIZE, remaining));
      for (const account of page) yield summaryOf(account);
      if (page.length < Math.min(ACCOUNT_PAGE_SIZE, remaining)) return;
      remaining -= page.length;
      after = page[page.length - 1].email;
    }
  }

  async show(email: string): Promise<AccountReport> {
    const { account, token } = await this.accounts.findWithToken(email);
    // One after the other: the command line runs in one EntityManager context, which must not run queries concurrently.
    const tournaments = await this.tournaments.countOwnedBy(account.id);
    const leagues = await this.leagues.countOwnedBy(account.id);
    return {
      ...summaryOf(account),
      token: token && { last_four: token.lastFour, created_at: token.createdAt.toISOString(), last_used_at: token.lastUsedAt?.toISOString() ?? null },
      tournaments,
      leagues,
    };
  }
}

function summaryOf(account: Account): AccountSummary {
  return { id: account.id, email: account.email, plan: account.plan, created_at: account.createdAt.toISOString() };
}
