import { Injectable } from '@nestjs/common';
import { competitorOf } from '../leagues';
import { applyResults, comparePositions, inRatingOrder, isProvisional, RatedResult, RatingPosition } from '../leagues';
import { RatingSettings } from '../leagues';
import { RatingState, RatingStore, StoredResult } from '../leagues';
import { ParticipantsService } from '../participants';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { TournamentsService } from '../tournaments';
import { isReported } from '../competition';
import { MatchRepository } from './domain/match.repository';
import { StandingsRefreshes } from './domain/standings-refreshes';
import { leagueTournaments } from './league-tournaments';
import { MatchWork } from './match-work';

/**
 * Keeps a league's stored ratings (RatingStore) equal to the replay of its results (docs/ratings.md, "How the stored
 * table is kept"). It compares what play now reports for the tournaments that may have changed with what the
 * history holds: results that only add to the end of the rating order update their players' rows; anything else (a
 * correction, a void, a deleted or cancelled tournament, another setting) replays the results in a worker thread
 * and rewrites the history from the earliest result that changed on.
 */
@Injectable()
export class LeagueRatingsKeeper {
  constructor(
    private readonly store: RatingStore,
    private readonly tournaments: TournamentsService,
    private readonly participants: ParticipantsService,
    private readonly matches: MatchRepository,
    private readonly refreshes: StandingsRefreshes,
    private readonly work: MatchWork,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * In the caller's transaction: brings the stored ratings up to date. `touched` names the tournaments whose results
   * may have changed; without it, those waiting for their refresh. Resolves true when the ratings changed.
   */
  async sync(accountId: string, leagueId: string, settings: RatingSettings, touched?: readonly string[]): Promise<boolean> {
    await this.store.lock(accountId, leagueId);
    const played = (await leagueTournaments(this.tournaments, accountId, leagueId, ['in_progress', 'completed'])).map((tournament) => tournament.id).sort();
    const state = await this.store.state(accountId, leagueId);
    const settingsJson = JSON.stringify(settings);
    if (!state || state.settings !== settingsJson) return this.recompute(accountId, leagueId, settings, played, state, 'start');

    const isPlayed = new Set(played);
    const stale = new Set(touched ?? (await this.refreshes.pendingAmong(accountId, played)));
    for (const id of played) if (!state.tournamentIds.includes(id)) stale.add(id);
    for (const id of state.tournamentIds) if (!isPlayed.has(id)) stale.add(id);
    if (stale.size === 0) return false;
    const fresh = await this.ratedResults(accountId, settings.per_game, [...stale].filter((id) => isPlayed.has(id)));
    const stored = new Map((await this.store.resultsOf(accountId, leagueId, [...stale])).map((result) => [result.id, result]));

    let from: RatingPosition | null = null;
    const changedAt = (position: RatingPosition) => {
      if (from === null || comparePositions(position, from) < 0) from = position;
    };
    const added: RatedResult[] = [];
    for (const result of fresh) {
      const before = stored.get(result.id);
      if (!before) added.push(result);
      else if (!sameResult(before, result)) [before, result].forEach(changedAt);
      stored.delete(result.id);
    }
    for (const gone of stored.values()) changedAt(gone); // voided, cleared, or its tournament left the league
    const ordered = inRatingOrder(added);
    const sameTournaments = state.tournamentIds.length === played.length && state.tournamentIds.every((id) => isPlayed.has(id));
    if (from === null && ordered.length === 0) {
      if (!sameTournaments) await this.store.save(accountId, leagueId, { state: { ...state, tournamentIds: played }, rows: [], entries: [] });
      return false;
    }
    if (from === null && (state.through === null || comparePositions(ordered[0], state.through) > 0)) {
      await this.append(accountId, leagueId, settings, { ...state, tournamentIds: played }, ordered);
      return true;
    }
    if (ordered.length > 0) changedAt(ordered[0]);
    return this.recompute(accountId, leagueId, settings, played, state, from!);
  }

  /** New results at the end of the rating order: only their players' rows change, from the stored ones. */
  private async append(accountId: string, leagueId: string, settings: RatingSettings, state: RatingState, results: RatedResult[]): Promise<void> {
    const keys = [...new Set(results.flatMap((result) => result.placings.map((placing) => placing.key)))];
    const players = new Map((await this.store.players(accountId, leagueId, keys)).map((row) => [row.key, row]));
    const entries = applyResults(settings, players, results);
    const last = results.at(-1)!;
    const through = { completedAt: last.completedAt, id: last.id };
    await this.store.save(accountId, leagueId, { state: { ...state, through, version: state.version + 1 }, rows: [...players.values()], entries });
  }

  /**
   * Replays the results from `from` on in a worker thread (bounded: ≤ 2 s for 20 000 matches), on top of every
   * player's row just before it (from the stored history, which is unchanged before `from`), and rewrites the table
   * and the history from there.
   */
  private async recompute(
    accountId: string,
    leagueId: string,
    settings: RatingSettings,
    played: string[],
    state: RatingState | null,
    from: RatingPosition | 'start',
  ): Promise<true> {
    const all = await this.ratedResults(accountId, settings.per_game, played);
    const results = from === 'start' ? all : all.filter((result) => comparePositions(result, from) >= 0);
    const rows = from === 'start' ? [] : await this.store.playersBefore(accountId, leagueId, from);
    for (const row of rows) row.provisional = isProvisional(settings, row.values, row.matches);
    const { table, history } = await this.unitOfWork.whileComputing(() => this.work.run('ratingsFrom', settings, rows, results));
    const last = inRatingOrder(all).at(-1);
    const through = last ? { completedAt: last.completedAt, id: last.id } : null;
    const next: RatingState = { settings: JSON.stringify(settings), tournamentIds: played, through, version: (state?.version ?? 0) + 1 };
    await this.store.save(accountId, leagueId, { state: next, rows: table, entries: history, from });
    return true;
  }

  /**
   * Every rated result of these tournaments: a played match, or with `perGame` each game of a series (a game's
   * winner first, a drawn game a draw). Walkovers (a forfeit, reported or by withdrawal, and a double forfeit) and
   * void matches rate nobody; a retirement rates as the result it was reported as.
   */
  async ratedResults(accountId: string, perGame: boolean, tournamentIds: readonly string[]): Promise<RatedResult[]> {
    if (tournamentIds.length === 0) return [];
    const players = new Map<string, { key: string; name: string }>();
    for (const placement of await this.participants.placementsIn(accountId, [...tournamentIds])) {
      players.set(placement.participantId, { key: competitorOf(placement).key, name: placement.name });
    }
    const results: RatedResult[] = [];
    for (const tournamentId of tournamentIds) {
      for (const match of await this.matches.allOf(accountId, tournamentId)) {
        if (!isReported(match) || match.completedAt === null || match.opponents.length < 2) continue;
        if (match.reportedOutcome === 'forfeit' || match.reportedOutcome === 'double_forfeit') continue;
        const rated = match.opponents.map((opponent) => (opponent.participantId === null ? undefined : players.get(opponent.participantId)));
        if (rated.some((player) => player === undefined)) continue;
        const base = { matchId: match.id, tournamentId, completedAt: match.completedAt };
        if (perGame && match.games.length > 0 && match.opponents.length === 2) {
          match.games.forEach((game, index) => {
            const placings = match.opponents.map((opponent, side) => ({
              ...rated[side]!,
              rank: game.winnerId === null || game.winnerId === opponent.participantId ? 1 : 2,
            }));
            results.push({ ...base, id: `${match.id}#${index + 1}`, placings });
          });
          continue;
        }
        const placings = match.opponents.map((opponent, side) => {
          const rank = match.opponents.length === 2 ? (opponent.result === 'loss' ? 2 : 1) : opponent.rank;
          return rank === null ? null : { ...rated[side]!, rank };
        });
        if (placings.some((placing) => placing === null)) continue;
        results.push({ ...base, id: match.id, placings: placings as RatedResult['placings'] });
      }
    }
    return results;
  }
}

/** Whether play still reports a stored result the same: when it was completed, and who placed where. */
function sameResult(stored: StoredResult, fresh: RatedResult): boolean {
  if (stored.completedAt.getTime() !== fresh.completedAt.getTime() || stored.placings.length !== fresh.placings.length) return false;
  const ranks = new Map(stored.placings.map((placing) => [placing.key, placing.rank]));
  return fresh.placings.every((placing) => ranks.get(placing.key) === placing.rank);
}
