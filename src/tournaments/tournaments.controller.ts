import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { RouteSchema } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { IdempotentPosts } from '../platform/idempotency/idempotent-posts';
import { Representation } from '../platform/resources/representation';
import { IfMatch } from '../platform/http/if-match.decorator';
import { listResponse } from '../platform/http/list-response';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { listRequestOf } from '../platform/pagination/list-request';
import { commaSeparated } from '../platform/pagination/page';
import { parseInstant } from '../kernel/validation';
import { TournamentNotFoundError } from './domain/tournament-errors';
import { TournamentFilters } from './domain/tournament.repository';
import { TournamentStatus } from './domain/tournament-status';
import { Tournament, TournamentFormat } from './domain/tournament';
import { ListTournamentsQuery } from './dto/list-tournaments.query';
import { CreateTournamentDto, UpdateTournamentDto } from './dto/tournament-body.dto';
import { presentTournament, toNewTournament, toTournamentChanges, tournamentEtag } from './dto/tournament.presenter';
import { TOURNAMENT_PATCH_RESPONSE_SCHEMA, TOURNAMENT_RESPONSE_SCHEMA } from './dto/tournament.response-schema';
import { TournamentsService } from './tournaments.service';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);
const TOURNAMENT = new Representation(presentTournament, tournamentEtag);

@Controller('/api/v1/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly posts: IdempotentPosts,
  ) {}

  @Get()
  async list(@CurrentAccount() account: AuthenticatedAccount, @Query(RequestValidationPipe) query: ListTournamentsQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.tournaments.list(account.id, listRequestOf(query, filtersOf(query), '-created_at'));
    return listResponse(reply, query, page, TOURNAMENT.present);
  }

  @Get(':id')
  @RouteSchema({ response: { 200: TOURNAMENT_RESPONSE_SCHEMA } })
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) id: string,
    @Query(NoQueryParameters) _query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return TOURNAMENT.read(request, reply, await this.tournaments.get(account.id, id));
  }

  @Post()
  @RouteSchema({ response: { 201: TOURNAMENT_RESPONSE_SCHEMA } })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body(RequestValidationPipe) body: CreateTournamentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.create(request, reply, async () => TOURNAMENT.created(await this.tournaments.create(account.id, toNewTournament(body))));
  }

  @Patch(':id')
  @RouteSchema({ response: { 200: TOURNAMENT_PATCH_RESPONSE_SCHEMA } })
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) id: string,
    @Body(RequestValidationPipe) body: UpdateTournamentDto,
    @IfMatch(tournamentEtag) expected: ExpectedVersion<Tournament>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { tournament, note } = await this.tournaments.change(account.id, id, toTournamentChanges(body), expected);
    // A start with check-in required says whom it left out; every other answer is the tournament alone.
    const withDropped = note.droppedParticipants && { ...presentTournament(tournament), dropped_participants: note.droppedParticipants };
    return TOURNAMENT.written(reply, tournament, withDropped);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) id: string, @IfMatch(tournamentEtag) expected: ExpectedVersion<Tournament>) {
    await this.tournaments.delete(account.id, id, expected);
  }
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
