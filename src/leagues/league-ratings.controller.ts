import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conditionalGet } from '../platform/http/etag';
import { listResponse } from '../platform/http/list-response';
import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { ListQuery } from '../platform/pagination/list-query';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { LeagueNotFoundError } from './domain/league-errors';
import { presentHistoryEntry, presentRatingRow } from './dto/league-ratings.presenter';
import { LeagueRatingsService } from './league-ratings.service';

const LeagueId = new ResourceIdPipe(LeagueNotFoundError);

/** A league's ratings table and each player's rated results (issue 43). */
@Controller('/api/v1/leagues/:id/ratings')
export class LeagueRatingsController {
  constructor(private readonly ratings: LeagueRatingsService) {}

  @Get()
  async table(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', LeagueId) id: string,
    @Query(RequestValidationPipe) query: ListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.ratings.table(account.id, id, { limit: query.pageSize(), cursor: query.cursor });
    return conditionalGet(request, reply, page.etag, () => listResponse(reply, query, page, (item) => presentRatingRow(page.settings, item)));
  }

  @Get(':player_key/history')
  async history(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', LeagueId) id: string,
    @Param('player_key') playerKey: string,
    @Query(RequestValidationPipe) query: ListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.ratings.history(account.id, id, playerKey, { limit: query.pageSize(), cursor: query.cursor });
    return conditionalGet(request, reply, page.etag, () => listResponse(reply, query, page, presentHistoryEntry));
  }
}
