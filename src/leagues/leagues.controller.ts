import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedAccount } from '../tokens';
import type { League } from './domain/league';
import { CurrentAccount } from '../tokens';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { IdempotentPosts } from '../platform/idempotency/idempotent-posts';
import { Representation } from '../platform/resources/representation';
import { IfMatch } from '../platform/http/if-match.decorator';
import { listResponse } from '../platform/http/list-response';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { listRequestOf } from '../platform/pagination/list-request';
import { commaSeparated } from '../platform/pagination/page';
import { LeagueNotFoundError } from './domain/league-errors';
import { LeagueStatus } from './domain/league-status';
import { LeagueFilters } from './domain/league.repository';
import { CreateLeagueDto, UpdateLeagueDto } from './dto/league-body.dto';
import { leagueEtag, presentLeague, toLeagueChanges, toNewLeague } from './dto/league.presenter';
import { ListLeaguesQuery } from './dto/list-leagues.query';
import { LeaguesService } from './leagues.service';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';

const LeagueId = new ResourceIdPipe(LeagueNotFoundError);
const LEAGUE = new Representation(presentLeague, leagueEtag);

@Controller('/api/v1/leagues')
export class LeaguesController {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly posts: IdempotentPosts,
  ) {}

  @Get()
  async list(@CurrentAccount() account: AuthenticatedAccount, @Query(RequestValidationPipe) query: ListLeaguesQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.leagues.list(account.id, listRequestOf(query, filtersOf(query), '-created_at'));
    return listResponse(reply, query, page, LEAGUE.present);
  }

  @Get(':id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', LeagueId) id: string,
    @Query(NoQueryParameters) _query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return LEAGUE.read(request, reply, await this.leagues.get(account.id, id));
  }

  @Post()
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body(RequestValidationPipe) body: CreateLeagueDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.create(request, reply, async () => LEAGUE.created(await this.leagues.create(account.id, toNewLeague(body))));
  }

  @Patch(':id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', LeagueId) id: string,
    @Body(RequestValidationPipe) body: UpdateLeagueDto,
    @IfMatch(leagueEtag) expected: ExpectedVersion<League>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return LEAGUE.written(reply, await this.leagues.update(account.id, id, toLeagueChanges(body), expected));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id', LeagueId) id: string, @IfMatch(leagueEtag) expected: ExpectedVersion<League>) {
    await this.leagues.delete(account.id, id, expected);
  }
}

function filtersOf(query: ListLeaguesQuery): LeagueFilters {
  return {
    status: commaSeparated<LeagueStatus>(query.status),
    game: query.game,
    season: query.season,
    q: query.q,
  };
}
