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
import { parseInstant } from '../shared/domain/validation';
import { TournamentNotFoundError } from './domain/tournament-errors';
import { TournamentFilters, TournamentSortField } from './domain/tournament.repository';
import { TournamentStatus } from './domain/tournament-status';
import { TournamentFormat } from './domain/tournament';
import { ListTournamentsQuery } from './dto/list-tournaments.query';
import { CreateTournamentDto, UpdateTournamentDto } from './dto/tournament-body.dto';
import { presentTournament, toNewTournament, toTournamentChanges } from './dto/tournament.presenter';
import { TournamentsService } from './tournaments.service';

const COLLECTION = '/api/v1/tournaments';

@Controller(COLLECTION)
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Get()
  async list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() query: ListTournamentsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const limit = query.limit ? Number(query.limit) : DEFAULT_PAGE_SIZE;
    const page = await this.tournaments.list(account.id, {
      filters: filtersOf(query),
      sort: parseSort<TournamentSortField>(query.sort ?? '-created_at'),
      limit,
      cursor: query.cursor,
    });
    if (page.nextCursor) reply.header('link', nextPageLink(COLLECTION, query, page.nextCursor));
    return { data: page.items.map(presentTournament), next_cursor: page.nextCursor };
  }

  @Get(':id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const tournament = await this.tournaments.get(account.id, requireId(id));
    return conditionalGet(request, reply, etagFor(tournament.version), () => presentTournament(tournament));
  }

  @Post()
  async create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() body: CreateTournamentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return createIdempotently(this.idempotency, { request, reply, accountId: account.id, collection: COLLECTION }, async () => {
      const tournament = await this.tournaments.create(account.id, toNewTournament(body));
      return { id: tournament.id, body: presentTournament(tournament), etag: etagFor(tournament.version) };
    });
  }

  @Patch(':id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Body() body: UpdateTournamentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const expected = expectedVersion(request.headers['if-match']);
    const tournament = await this.tournaments.update(account.id, requireId(id), toTournamentChanges(body), expected);
    reply.header('etag', etagFor(tournament.version));
    return presentTournament(tournament);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.tournaments.delete(account.id, requireId(id), expectedVersion(request.headers['if-match']));
  }
}

/** A malformed id names no tournament: 404, like any other unknown one. */
function requireId(id: string): string {
  if (!isUuid(id)) throw new TournamentNotFoundError();
  return id.toLowerCase();
}

function filtersOf(query: ListTournamentsQuery): TournamentFilters {
  return {
    status: commaSeparated<TournamentStatus>(query.status),
    format: query.format as TournamentFormat | undefined,
    leagueId: query.league_id?.toLowerCase(),
    game: query.game,
    q: query.q,
    startsAfter: query.starts_after ? parseInstant(query.starts_after) : undefined,
    startsBefore: query.starts_before ? parseInstant(query.starts_before) : undefined,
  };
}
