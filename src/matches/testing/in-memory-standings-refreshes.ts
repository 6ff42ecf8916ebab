import { StandingsRefreshes, WaitingRefresh } from '../domain/standings-refreshes';

/** The refresh requests in memory, for service specs: one per tournament, its version raised by each request. */
export class InMemoryStandingsRefreshes extends StandingsRefreshes {
  private readonly requests = new Map<string, WaitingRefresh>();

  async request(accountId: string, tournamentId: string): Promise<void> {
    const waiting = this.requests.get(tournamentId);
    this.requests.set(tournamentId, { accountId, tournamentId, version: (waiting?.version ?? 0) + 1 });
  }

  async pendingAmong(accountId: string, tournamentIds: readonly string[]): Promise<string[]> {
    return tournamentIds.filter((id) => this.requests.get(id)?.accountId === accountId);
  }

  async waiting(limit: number): Promise<WaitingRefresh[]> {
    return [...this.requests.values()].slice(0, limit);
  }

  async waitingOf(accountIds: readonly string[]): Promise<WaitingRefresh[]> {
    return [...this.requests.values()].filter((refresh) => accountIds.includes(refresh.accountId));
  }

  async claim(): Promise<boolean> {
    return true;
  }

  async done({ tournamentId, version }: WaitingRefresh): Promise<boolean> {
    if (this.requests.get(tournamentId)?.version !== version) return false;
    this.requests.delete(tournamentId);
    return true;
  }
}
