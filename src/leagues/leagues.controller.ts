import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedAccount } from '../tokens/accounts.service';
import { CurrentAccount } from '../tokens/http/current-account.decorator';
import { createIdempotently } from '../shared/idempotency/idempotency.http';
import { IdempotentRequests } from '../shared/idempotency/idempotent-requests';
import { conditionalGet, etagFor, expectedVersion } from '../shared/http/etag';
import { nextPageLink } from '../shared/http/link';
import { isUuid } from '../shared/ids';
import { commaSeparated, DEFAULT_PAGE_SIZE, parseSort } from '../shared/pagination/page';
import { LeagueNotFoundError } from './domain/league-errors';
import { LeagueStatus } from './domain/league-status';
import { LeagueFilters, LeagueSortField } from './domain/league.repository';
import { CreateLeagueDto, UpdateLeagueDto } from './dto/league-body.dto';
import { presentLeague, toLeagueChanges, toNewLeague } from './dto/league.presenter';
import { ListLeaguesQuery } from './dto/list-leagues.query';
import { LeaguesService } from './leagues.service';

const COLLECTION = '/api/v1/leagues';

@Controller(COLLECTION)
export class LeaguesController {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Get()
  async list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() query: ListLeaguesQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.leagues.list(account.id, {
      filters: filtersOf(query),
      sort: parseSort<LeagueSortField>(query.sort ?? '-created_at'),
      limit: query.limit ? Number(query.limit) : DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
    });
    if (page.nextCursor) reply.header('link', nextPageLink(COLLECTION, query, page.nextCursor));
    return { data: page.items.map(presentLeague), next_cursor: page.nextCursor };
  }

  @Get(':id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const league = await this.leagues.get(account.id, requireId(id));
    return conditionalGet(request, reply, etagFor(league.version, league.tournamentCount), () => presentLeague(league));
  }

  @Post()
  async create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() body: CreateLeagueDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return createIdempotently(this.idempotency, { request, reply, accountId: account.id, collection: COLLECTION }, async () => {
      const league = await this.leagues.create(account.id, toNewLeague(body));
      return { id: league.id, body: presentLeague(league), etag: etagFor(league.version, league.tournamentCount) };
    });
  }

  @Patch(':id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Body() body: UpdateLeagueDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const expected = expectedVersion(request.headers['if-match']);
    const league = await this.leagues.update(account.id, requireId(id), toLeagueChanges(body), expected);
    reply.header('etag', etagFor(league.version, league.tournamentCount));
    return presentLeague(league);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.leagues.delete(account.id, requireId(id), expectedVersion(request.headers['if-match']));
  }
}

/** A malformed id names no league: 404, like any other unknown one. */
function requireId(id: string): string {
  if (!isUuid(id)) throw new LeagueNotFoundError();
  return id.toLowerCase();
}

function filtersOf(query: ListLeaguesQuery): LeagueFilters {
  return {
    status: commaSeparated<LeagueStatus>(query.status),
    game: query.game,
    season: query.season,
    q: query.q,
  };
}
