import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventLog, SerializedData } from '../events';
import { WakeableLoop } from '../platform/concurrency/wakeable-loop';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { TournamentNotFoundError } from '../tournaments';
import { MatchRepository } from './domain/match.repository';
import { StandingsRefreshes, WaitingRefresh } from './domain/standings-refreshes';
import { tableEntrants } from './domain/standings-table';
import { MatchWork } from './match-work';
import { PlayLeagueRatedResults } from './league-rated-results.adapter';
import { settingsOf } from './play-settings';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';

/** Tournaments a pass looks at; a full batch with a table published looks again at once. */
const BATCH = 50;
/**
 * One tournament's table goes out at most this often from an instance, however fast its results come: a 1 024-player
 * bracket's table costs tens of milliseconds of CPU (the read, the computation, an event of 160 KB), which at five
 * results a second took a third of the instance. A first result after a quiet second gets its table at once; a
 * later one waits for the rest of the second, and its table then carries every result since.
 */
const SPACING_MS = 1000;

/**
 * Publishes standings.changed (docs/events.md): a write that changes a table leaves a request in its transaction
 * (StandingsRefreshes) and wakes this refresher after commit; it reads the table once for however many results
 * came in (a tournament's at most every SPACING_MS), appends the event and removes the request in one transaction.
 * Computing and serialising the table run in a worker thread. Any instance may take a request: besides wake-ups,
 * every EVENT_POLL_MS it looks for requests left by an instance that stopped.
 */
@Injectable()
export class StandingsRefresher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('StandingsRefresher');
  private readonly loop: WakeableLoop;
  /** When this instance last published each tournament's table (entries older than SPACING_MS are dropped). */
  private readonly publishedAt = new Map<string, number>();
  /** Wakes the loop when the soonest table held back by SPACING_MS is due. */
  private dueTimer: NodeJS.Timeout | undefined;
  private dueAt = Infinity;
  /** While a drain runs unspaced, tables go out at once (see drain). */
  private unspacedDrains = 0;

  constructor(
    private readonly refreshes: StandingsRefreshes,
    private readonly tournaments: TournamentsInPlay,
    private readonly participants: FieldOfPlay,
    private readonly matches: MatchRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly work: MatchWork,
    private readonly events: EventLog,
    private readonly ratings: PlayLeagueRatedResults,
    config: AppConfig,
  ) {
    this.loop = new WakeableLoop(() => this.pass(), {
      pollMs: config.eventPollMs,
      onError: (error) => this.logger.warn(`could not publish standings: ${messageOf(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start(() => this.wake());
  }

  beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.dueTimer);
    return this.loop.stop();
  }

  /** A table changed (or may have): publish it soon. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Publishes the waiting tables (for tests): resolves once none waits, or after `timeoutMs`. With `accountIds`, only
   * their accounts' tables count: on a database other instances keep reporting to, some table nearly always waits.
   * It publishes them at once unless `spaced`, so a test does not wait out the spacing at every drain.
   */
  async drain({ timeoutMs = 20_000, spaced = false, accountIds }: { timeoutMs?: number; spaced?: boolean; accountIds?: readonly string[] } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const waiting = () => this.unitOfWork.run(() => (accountIds ? this.refreshes.waitingOf(accountIds) : this.refreshes.waiting(1)));
    if (!spaced) this.unspacedDrains++;
    try {
      for (;;) {
        await this.loop.idle();
        if ((await waiting()).length === 0 || Date.now() > deadline) return;
        this.wake();
        await this.loop.idle();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      if (!spaced) this.unspacedDrains--;
    }
  }

  /**
   * One batch of waiting requests; true when more may wait (a full batch, or a request a report raised meanwhile).
   * A tournament published less than SPACING_MS ago is left for a timer; a batch of only those is not looked at again
   * before it.
   */
  private async pass(): Promise<boolean> {
    const waiting = await this.unitOfWork.run(() => this.refreshes.waiting(BATCH));
    const now = Date.now();
    for (const [tournamentId, at] of this.publishedAt) if (at + SPACING_MS <= now) this.publishedAt.delete(tournamentId);
    let published = false;
    let more = false;
    for (const refresh of waiting) {
      if (this.loop.stopped) return false;
      const due = (this.publishedAt.get(refresh.tournamentId) ?? -Infinity) + SPACING_MS;
      if (due > Date.now() && this.unspacedDrains === 0) {
        this.wakeAt(due);
        continue;
      }
      const stays = await this.refresh(refresh).catch((error: unknown) => {
        this.logger.warn(`could not publish the standings of ${refresh.tournamentId}: ${messageOf(error)}`);
        return false;
      });
      this.publishedAt.set(refresh.tournamentId, Date.now());
      published = true;
      if (stays) more = true;
    }
    return more || (published && waiting.length === BATCH);
  }

  private wakeAt(due: number): void {
    if (due >= this.dueAt) return;
    clearTimeout(this.dueTimer);
    this.dueAt = due;
    this.dueTimer = setTimeout(() => {
      this.dueAt = Infinity;
      this.wake();
    }, due - Date.now());
    this.dueTimer.unref();
  }

  /**
   * One tournament's table as an event. It takes no lock a report waits for: the matches are read in one statement
   * (one snapshot, so no report is half seen), and a report that commits meanwhile raised the request's version, so
   * the request stays and the next pass publishes a table with that result too. Resolves true when it stays.
   */
  private refresh(refresh: WaitingRefresh): Promise<boolean> {
    const { accountId, tournamentId } = refresh;
    return this.unitOfWork.run(async () => {
      if (!(await this.refreshes.claim(refresh))) return false;
      const tournament = await this.tournaments.get(accountId, tournamentId).catch((error: unknown) => {
        if (error instanceof TournamentNotFoundError) return undefined; // deleted meanwhile: its request went with it
        throw error;
      });
      if (!tournament) return false;
      const field = await this.participants.inSeedingOrder(accountId, tournamentId);
      const matches = await this.matches.allOfAsJson(accountId, tournamentId);
      const rows = await this.unitOfWork.whileComputing(() => this.work.run('standingsJson', settingsOf(tournament), tableEntrants(field), matches));
      const data = new SerializedData(`{"tournament_id":${JSON.stringify(tournamentId)},"standings":${rows}}`);
      await this.events.append({ accountId, type: 'standings.changed', tournamentId, data });
      // The league's ratings changed with the table: coalesced the same way, one event per published table.
      const ratings = tournament.leagueId === null ? null : await this.unitOfWork.whileComputing(() => this.ratings.changedEvent(accountId, tournament.leagueId!, tournamentId));
      if (ratings) await this.events.append(ratings);
      return !(await this.refreshes.done(refresh));
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
