import { randomUUID } from 'node:crypto';
import { emptyOpponent } from '../../src/competition/match/match';
import { MatchListQuery, MatchRecord, MatchRepository, MatchWrites, parseRecords } from '../../src/matches/domain/match.repository';
import { aMatch } from '../../src/matches/testing/a-match';
import { everyPage } from './keyset-paging';

export interface MatchContractSubject {
  /** A repository outside any transaction, as a read of a new request would have. */
  repository(): MatchRepository;
  /** Runs the work in one transaction (links between matches are checked at its commit), as the services write. */
  inTransaction<T>(work: (repository: MatchRepository) => Promise<T>): Promise<T>;
  newAccount(): Promise<string>;
  /** A tournament of the account that matches may belong to. */
  newTournament(accountId: string): Promise<string>;
  /** A participant of the tournament that a match may name (as an opponent, or as its winner). */
  newParticipant(accountId: string, tournamentId: string): Promise<string>;
}

/**
 * One contract for every MatchRepository adapter: the in-memory fake used by service tests and the PostgreSQL
 * adapter run the same cases, batches and keyset paging included.
 */
export function describeMatchRepositoryContract(adapter: string, setup: () => MatchContractSubject): void {
  describe(`MatchRepository contract: ${adapter}`, () => {
    const subject = setup();
    let account: string;
    let tournament: string;

    beforeEach(async () => {
      account = await subject.newAccount();
      tournament = await subject.newTournament(account);
    });

    const match = (fields: Partial<MatchRecord> = {}) => aMatch({ accountId: account, tournamentId: tournament, createdAt: at(0), ...fields });
    const write = (writes: Partial<MatchWrites>) => subject.inTransaction((repository) => repository.write({ created: [], updated: [], deleted: [], ...writes }));
    const stored = async (...matches: MatchRecord[]) => {
      await write({ created: matches });
      return matches;
    };
    const numbers = (matches: { number: number }[]) => matches.map((found) => found.number);

    it('round-trips every field, whichever way the matches are read', async () => {
      const [ada, bob] = [await subject.newParticipant(account, tournament), await subject.newParticipant(account, tournament)];
      const final = match({ number: 2, round: 2, status: 'pending', opponents: [{ participantId: ada, score: null, rank: null, result: null }, emptyOpponent()] });
      const semi = match({
        number: 1,
        bracket: 'winners',
        status: 'completed',
        opponents: [
          { participantId: ada, score: 3, rank: 1, result: 'win' },
          { participantId: bob, score: 0.5, rank: 2, result: 'loss' },
        ],
        winnerId: ada,
        nextMatchId: final.id,
        nextSlot: 0,
        loserNextMatchId: final.id,
        loserNextSlot: 1,
        homeParticipantId: ada,
        scheduledAt: new Date('2026-05-01T18:00:00.123Z'),
        endsAt: new Date('2026-05-01T18:45:00.000Z'),
        pinnedAt: at(3),
        completedAt: new Date('2026-05-01T19:30:00.000Z'),
        outcome: 'forfeit',
        updatedAt: at(5),
        version: 4,
      });
      await stored(final, semi);
      const repository = subject.repository();
      expect(await repository.findOwned(account, tournament, semi.id)).toEqual(semi);
      expect(await repository.allOf(account, tournament)).toEqual([semi, final]);
      expect(parseRecords(await repository.allOfAsJson(account, tournament))).toEqual([semi, final]);
    });

    it('finds matches only within their own account and tournament', async () => {
      const [mine] = await stored(match());
      const otherTournament = await subject.newTournament(account);
      const repository = subject.repository();
      expect(await repository.findOwned(account, otherTournament, mine.id)).toBeNull();
      expect(await repository.findOwned(await subject.newAccount(), tournament, mine.id)).toBeNull();
      expect(await repository.findOwned(account, tournament, randomUUID())).toBeNull();
      expect(await repository.allOf(account, otherTournament)).toEqual([]);
      expect(await repository.allOfAsJson(account, otherTournament)).toEqual([]);
    });

    it('deletes, updates and inserts in one write; an update keeps what a match is created with', async () => {
      const [first, second, gone] = await stored(match({ number: 1 }), match({ number: 2 }), match({ number: 3 }));
      const changed: MatchRecord = {
        ...second,
        round: 9,
        bracket: 'losers',
        createdAt: at(9),
        status: 'completed',
        opponents: [
          { participantId: null, score: 1, rank: null, result: 'draw' },
          { participantId: null, score: 1, rank: null, result: 'draw' },
        ],
        completedAt: at(3),
        outcome: 'void',
        scheduledAt: at(2),
        updatedAt: at(3),
        version: second.version + 1,
      };
      const added = match({ number: 3, round: 2 });
      await write({ deleted: [gone], updated: [changed], created: [added] });
      expect(await subject.repository().allOf(account, tournament)).toEqual([
        first,
        { ...changed, round: second.round, bracket: second.bracket, createdAt: second.createdAt },
        added,
      ]);
    });

    it('swaps two matches’ numbers in one write (the numbers are checked at commit)', async () => {
      const [first, second] = await stored(match({ number: 1 }), match({ number: 2 }));
      await write({ updated: [{ ...first, number: 2, version: 2 }, { ...second, number: 1, version: 2 }] });
      expect((await subject.repository().allOf(account, tournament)).map((found) => found.id)).toEqual([second.id, first.id]);
    });

    it('refuses to insert a match already stored', async () => {
      const [first] = await stored(match());
      await expect(write({ created: [{ ...first }] })).rejects.toThrow();
      expect(await subject.repository().allOf(account, tournament)).toEqual([first]);
    });

    it('inserts JSON batches as a start writes them, and reads them back in batches of 250 numbers', async () => {
      const matches = [1, 2, 1000, 1001, 2500].map((number) => match({ number, scheduledAt: number === 2 ? at(7) : null }));
      await subject.inTransaction((repository) => repository.insertBatches([JSON.stringify(matches.slice(0, 2)), JSON.stringify(matches.slice(2))]));
      const repository = subject.repository();
      expect(await repository.allOf(account, tournament)).toEqual(matches);
      const batches = await repository.allOfAsJson(account, tournament);
      expect(batches.map((batch) => numbers(parseRecords([batch])))).toEqual([[1, 2], [1000], [1001], [2500]]);
      expect(parseRecords(batches)).toEqual(matches);
    });

    it('inserts batches as they come, and reads a field a batch leaves out as empty', async () => {
      const matches = [1, 2].map((number) => match({ number }));
      const withoutEmptyFields = (records: MatchRecord[]) => JSON.stringify(records.map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null))));
      async function* arriving() {
        for (const record of matches) yield withoutEmptyFields([record]);
      }
      await subject.inTransaction((repository) => repository.insertBatches(arriving()));
      expect(await subject.repository().allOf(account, tournament)).toEqual(matches);
    });

    it('reads matches with their feeders: those whose winner or loser moves on to one of them', async () => {
      const [final, losers] = [match({ number: 6, status: 'pending' }), match({ number: 5, bracket: 'losers', status: 'pending' })];
      const feeds = (number: number, fields: Partial<MatchRecord>) => match({ number, status: 'ready', ...fields });
      const [first, second] = [feeds(1, { nextMatchId: final.id, nextSlot: 0, loserNextMatchId: losers.id, loserNextSlot: 0 }), feeds(2, { nextMatchId: final.id, nextSlot: 1 })];
      const [third, elsewhere] = [feeds(3, { loserNextMatchId: losers.id, loserNextSlot: 1 }), feeds(4, {})];
      await stored(final, losers, first, second, third, elsewhere);
      const repository = subject.repository();
      expect(numbers(await repository.withFeeders(account, tournament, [final.id]))).toEqual([1, 2, 6]);
      expect(numbers(await repository.withFeeders(account, tournament, [final.id, losers.id]))).toEqual([1, 2, 3, 5, 6]);
      expect(await repository.withFeeders(await subject.newAccount(), tournament, [final.id])).toEqual([]);
    });

    it('knows the highest number, how many matches are open, and whether another one is', async () => {
      const repository = subject.repository();
      expect(await repository.highestNumber(account, tournament)).toBe(0);
      expect(await repository.countOpen(account, tournament)).toBe(0);
      const [done, open] = await stored(match({ number: 1, status: 'completed' }), match({ number: 7, status: 'pending' }));
      expect(await repository.highestNumber(account, tournament)).toBe(7);
      expect(await repository.countOpen(account, tournament)).toBe(1);
      expect(await repository.anotherOpen(account, tournament, done.id)).toBe(true);
      expect(await repository.anotherOpen(account, tournament, open.id)).toBe(false);
      // Within a scope: the other open match is in round 1 of no stage.
      expect(await repository.anotherOpen(account, tournament, done.id, { round: open.round })).toBe(true);
      expect(await repository.anotherOpen(account, tournament, done.id, { round: open.round + 1 })).toBe(false);
      expect(await repository.anotherOpen(account, tournament, done.id, { stage: null, group: null })).toBe(true);
      expect(await repository.anotherOpen(account, tournament, done.id, { stage: 'groups', group: 'A' })).toBe(false);
      expect(await repository.highestNumber(await subject.newAccount(), tournament)).toBe(0);
    });

    describe('list', () => {
      let ada: string;

      beforeEach(async () => {
        ada = await subject.newParticipant(account, tournament);
        const playing = [{ participantId: ada, score: null, rank: null, result: null }, emptyOpponent()];
        await stored(
          match({ number: 1, round: 1, status: 'completed' }),
          match({ number: 2, round: 1, status: 'ready', opponents: playing }),
          match({ number: 3, round: 1, bracket: 'losers', status: 'pending' }),
          match({ number: 4, round: 2, status: 'pending', opponents: playing }),
          match({ number: 5, round: 2, bracket: 'losers', status: 'ready' }),
        );
        await stored(aMatch({ accountId: account, tournamentId: await subject.newTournament(account), number: 6 }));
      });

      async function listed(query: Partial<MatchListQuery> = {}, pageSize = 2): Promise<number[]> {
        const fetchPage = (after: MatchListQuery['after'], limit: number) =>
          subject.repository().list({ accountId: account, tournamentId: tournament, filters: {}, direction: 'asc', limit, ...query, after });
        return numbers((await everyPage(fetchPage, pageSize)).map((row) => row.match));
      }

      it('pages through the tournament’s matches by number, either way, each positioned at its number', async () => {
        expect(await listed()).toEqual([1, 2, 3, 4, 5]);
        expect(await listed({ direction: 'desc' }, 3)).toEqual([5, 4, 3, 2, 1]);
        const [first] = await subject.repository().list({ accountId: account, tournamentId: tournament, filters: {}, direction: 'asc', limit: 1 });
        expect(first.position).toEqual({ value: '1', id: first.match.id });
      });

      it('filters by round, bracket, statuses and participant', async () => {
        expect(await listed({ filters: { round: 2 } })).toEqual([4, 5]);
        expect(await listed({ filters: { bracket: 'losers' } })).toEqual([3, 5]);
        expect(await listed({ filters: { status: ['ready', 'completed'] } })).toEqual([1, 2, 5]);
        expect(await listed({ filters: { participantId: ada } })).toEqual([2, 4]);
        expect(await listed({ filters: { round: 1, status: ['pending'], bracket: 'losers' } })).toEqual([3]);
        expect(await listed({ filters: { participantId: randomUUID() } })).toEqual([]);
      });
    });
  });
}

/** Distinct instants, a second apart. */
function at(seconds: number): Date {
  return new Date(Date.UTC(2026, 4, 1, 12, 0, seconds));
}
