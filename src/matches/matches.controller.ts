import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { parseInstant } from '../kernel/validation';
import { EventsService } from '../events';
import { announceDeprecation, Deprecation } from '../platform/http/deprecation';
import { conditionalGet, ifNoneMatchHits } from '../platform/http/etag';
import { IfMatch } from '../platform/http/if-match.decorator';
import { listResponse } from '../platform/http/list-response';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { commaSeparated, parseSort } from '../platform/pagination/page';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import { Bracket, MatchStatus } from '../competition';
import type { MatchRecord } from './domain/match.repository';
import { MatchNotFoundError } from '../competition';
import { ListMatchesQuery } from './dto/list-matches.query';
import { PreviewMatchQuery, UpdateMatchDto, UpdateMatchQuery } from './dto/match-body.dto';
import { matchEtag, presentMatch, presentPreview } from './dto/match.presenter';
import { MatchesService, MatchUpdate } from './matches.service';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';
import { StagesService } from './stages.service';
import { StandingsQuery } from './dto/standings.query';
import { presentStageStandings } from './dto/stage.presenter';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);

/** `PATCH …?dry_run=true` answers a preview where the PATCH documents a match: the preview has its own route now. */
export const DRY_RUN_DEPRECATION: Deprecation = {
  since: new Date('2026-11-25T00:00:00Z'),
  sunset: new Date('2027-06-01T00:00:00Z'),
  successor: '/api/v1/tournaments/{id}/matches/{match_id}/preview',
};
const MatchId = new ResourceIdPipe(MatchNotFoundError);

function toMatchUpdate(body: UpdateMatchDto): MatchUpdate {
  const { scores, winner_id: winnerId, ranks, games, outcome, decider, scheduled_at: scheduledAt, station_id: stationId, pinned } = body;
  const reported = scores !== undefined || winnerId !== undefined || ranks !== undefined || games !== undefined || outcome !== undefined || decider !== undefined;
  return {
    // Ids compare in lower case everywhere (paths, participant_id filters); so does the reported winner.
    report: reported ? { scores, winnerId: winnerId?.toLowerCase(), ranks, games, outcome, decider } : undefined,
    scheduledAt: scheduledAt === undefined ? undefined : scheduledAt === null ? null : parseInstant(scheduledAt)!,
    stationId: stationId?.toLowerCase() ?? stationId,
    pinned,
  };
}

@Controller('/api/v1/tournaments/:id')
export class MatchesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly events: EventsService,
    private readonly stages: StagesService,
  ) {}

  /**
   * Lists and standings carry an ETag from the tournament's last event (EventsService.tournamentTag): a poller's
   * If-None-Match is answered 304 before anything is computed. True when the 304 is set.
   */
  private async notModified(accountId: string, tournamentId: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const etag = await this.events.tournamentTag(accountId, tournamentId, request.url);
    if (!etag) return false;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return false;
    reply.status(304);
    return true;
  }

  @Get('matches')
  async list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Query(RequestValidationPipe) query: ListMatchesQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (await this.notModified(account.id, tournamentId, request, reply)) return undefined;
    const page = await this.matches.list(account.id, tournamentId, {
      filters: {
        round: query.round === undefined ? undefined : Number(query.round),
        bracket: query.bracket as Bracket | undefined,
        status: commaSeparated<MatchStatus>(query.status),
        participantId: query.participant_id?.toLowerCase(),
        stage: query.stage,
        group: query.group,
      },
      direction: parseSort<'number'>(query.sort ?? 'number').direction,
      limit: query.pageSize(),
      cursor: query.cursor,
    });
    const entrants = await this.matches.entrantsOf(account.id, tournamentId, page.items);
    return listResponse(reply, query, page, (match) => presentMatch(match, entrants));
  }

  @Get('matches/:match_id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('match_id', MatchId) id: string,
    @Query(NoQueryParameters) _query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const match = await this.matches.get(account.id, tournamentId, id);
    const entrants = await this.matches.entrantsOf(account.id, tournamentId, [match]);
    return conditionalGet(request, reply, matchEtag(match), () => presentMatch(match, entrants));
  }

  /** Reports (or corrects) a result and/or sets scheduled_at; `?dry_run=true` previews and changes nothing. */
  @Patch('matches/:match_id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('match_id', MatchId) id: string,
    @Body(RequestValidationPipe) body: UpdateMatchDto,
    @Query(RequestValidationPipe) query: UpdateMatchQuery,
    @IfMatch(matchEtag) expected: ExpectedVersion<MatchRecord>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const dryRun = query.dry_run === 'true';
    const result = await this.matches.update(account.id, tournamentId, id, toMatchUpdate(body), expected, {
      dryRun,
      resetDependents: query.reset_dependents === 'true',
    });
    // Built from what the write's transaction read: once it has committed, nothing may turn the answer into an error.
    if (dryRun) {
      announceDeprecation(reply, DRY_RUN_DEPRECATION);
      return presentPreview(result);
    }
    reply.header('etag', matchEtag(result.match));
    return presentMatch(result.match, result.entrants);
  }

  /** What a report would change (the preview), changing nothing: the same body as the PATCH. */
  @Post('matches/:match_id/preview')
  @HttpCode(200)
  async preview(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('match_id', MatchId) id: string,
    @Body(RequestValidationPipe) body: UpdateMatchDto,
    @Query(RequestValidationPipe) query: PreviewMatchQuery,
    @IfMatch(matchEtag) expected: ExpectedVersion<MatchRecord>,
  ) {
    const result = await this.matches.update(account.id, tournamentId, id, toMatchUpdate(body), expected, {
      dryRun: true,
      resetDependents: query.reset_dependents === 'true',
    });
    return presentPreview(result);
  }

  @Get('standings')
  async standings(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Query(RequestValidationPipe) query: StandingsQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (await this.notModified(account.id, tournamentId, request, reply)) return undefined;
    // One stage's group tables (issue 40); without `stage`, the whole event's placement.
    if (query.stage !== undefined) {
      const { view } = await this.stages.one(account.id, tournamentId, query.stage);
      const names = new Map(view.groups.flatMap((group) => group.participants.map((entry) => [entry.id, entry] as const)));
      return presentStageStandings(view, names);
    }
    // Serialised where it was computed (a worker thread): a table of thousands of rows never holds the event loop.
    const rows = await this.matches.standingsJson(account.id, tournamentId);
    void reply.type('application/json; charset=utf-8');
    return `{"data":${rows}}`;
  }
}
