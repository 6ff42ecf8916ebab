import { LeaguesService } from '../leagues/leagues.service';
import { aLeague } from '../leagues/testing/a-league';
import { InMemoryLeagueRepository } from '../leagues/testing/in-memory-league.repository';
import { StaticCursors } from '../platform/pagination/cursors';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';
import { AccountsService } from '../tokens/accounts.service';
import { PrincipalCache } from '../tokens/principal-cache';
import { InMemoryAccountsRepository } from '../tokens/testing/in-memory-accounts.repository';
import { aTournament } from '../tournaments/testing/a-tournament';
import { Tournament } from '../tournaments/domain/tournament';
import { InMemoryTournamentRepository } from '../tournaments/testing/in-memory-tournament.repository';
import { StatusChangeHook } from '../tournaments/status-change-hook';
import { TournamentsService } from '../tournaments/tournaments.service';
import { ACCOUNT_PAGE_SIZE, AccountReports } from './account-reports';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';

describe('AccountReports', () => {
  let accounts: AccountsService;
  let tournamentRepository: InMemoryTournamentRepository;
  let leagueRepository: InMemoryLeagueRepository;
  let reports: AccountReports;

  beforeEach(() => {
    accounts = new AccountsService(new InMemoryAccountsRepository(), new PrincipalCache());
    tournamentRepository = new InMemoryTournamentRepository();
    leagueRepository = new InMemoryLeagueRepository();
    const cursors = new StaticCursors('account-reports-secret-0123456789abcdef');
    const leagues = new LeaguesService(leagueRepository, cursors, new ImmediateUnitOfWork(), new InMemoryEventLog());
    reports = new AccountReports(accounts, new TournamentsService(tournamentRepository, cursors, leagues, new ImmediateUnitOfWork(), new StatusChangeHook(), new InMemoryEventLog()), leagues);
  });

  async function collect(iterable: AsyncIterable<{ email: string }>): Promise<string[]> {
    const emails: string[] = [];
    for await (const { email } of iterable) emails.push(email);
    return emails;
  }

  it('lists every account once in email order across several database pages, or up to a limit after an email', async () => {
    const emails = Array.from({ length: ACCOUNT_PAGE_SIZE * 2 + 3 }, (_, index) => `user${String(index).padStart(4, '0')}@example.com`);
    for (const email of [...emails].reverse()) await accounts.createAccount({ email, plan: 'free' });
    expect(await collect(reports.list(undefined))).toEqual(emails);
    expect(await collect(reports.list(undefined, ACCOUNT_PAGE_SIZE))).toEqual(emails.slice(0, ACCOUNT_PAGE_SIZE));
    expect(await collect(reports.list(emails[9], 3))).toEqual(emails.slice(10, 13));
    expect(await collect(reports.list(emails.at(-1)))).toEqual([]);
  });

  it('shows plan, token last four and use, and counts of the account\'s own tournaments and leagues', async () => {
    const account = await accounts.createAccount({ email: 'club@example.com', plan: 'premium' });
    const other = await accounts.createAccount({ email: 'other@example.com', plan: 'premium' });
    const token = await accounts.generateToken('club@example.com');
    await accounts.authenticate(token, new Date('2026-11-20T10:00:00.000Z'));
    const store = (tournament: Tournament) => tournamentRepository.add(tournament, { accountId: tournament.accountId, type: 'tournament.created', data: {} });
    for (let i = 0; i < 3; i++) await store(aTournament({ accountId: account.id }));
    await store(aTournament({ accountId: other.id }));
    await leagueRepository.add(aLeague({ accountId: account.id }));

    expect(await reports.show('CLUB@example.com')).toEqual({
      id: account.id,
      email: 'club@example.com',
      plan: 'premium',
      created_at: account.createdAt.toISOString(),
      token: { last_four: token.slice(-4), created_at: expect.any(String), last_used_at: '2026-11-20T10:00:00.000Z' },
      tournaments: 3,
      leagues: 1,
    });
    expect(await reports.show('other@example.com')).toMatchObject({ tournaments: 1, leagues: 0 });
  });

  it('shows an account without a token as token null', async () => {
    await accounts.createAccount({ email: 'free@example.com', plan: 'free' });
    expect(await reports.show('free@example.com')).toMatchObject({ plan: 'free', token: null, tournaments: 0, leagues: 0 });
  });
});
