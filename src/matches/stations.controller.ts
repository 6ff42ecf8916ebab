import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import { parseSpans, StationNotFoundError } from './domain/schedule/station';
import { CreateStationDto, UpdateStationDto } from './dto/station-body.dto';
import { presentStation } from './dto/station.presenter';
import { StationsService } from './stations.service';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);
const StationId = new ResourceIdPipe(StationNotFoundError);

/** A tournament's stations (issue 41): where its matches are played, and when each may be used. */
@Controller('/api/v1/tournaments/:id/stations')
export class StationsController {
  constructor(private readonly stations: StationsService) {}

  @Get()
  async list(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Query(NoQueryParameters) _query: unknown) {
    return { data: (await this.stations.list(account.id, tournamentId)).map(presentStation), next_cursor: null };
  }

  @Post()
  @HttpCode(201)
  async create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Body(RequestValidationPipe) body: CreateStationDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const available = body.available === undefined || body.available === null ? null : parseSpans(body.available, '/available');
    const station = await this.stations.create(account.id, tournamentId, { name: body.name, available });
    reply.header('location', `/api/v1/tournaments/${tournamentId}/stations/${station.id}`);
    return presentStation(station);
  }

  @Get(':station_id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('station_id', StationId) id: string,
    @Query(NoQueryParameters) _query: unknown,
  ) {
    return presentStation(await this.stations.get(account.id, tournamentId, id));
  }

  @Patch(':station_id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('station_id', StationId) id: string,
    @Body(RequestValidationPipe) body: UpdateStationDto,
  ) {
    const available = body.available === undefined ? undefined : body.available === null ? null : parseSpans(body.available, '/available');
    return presentStation(await this.stations.update(account.id, tournamentId, id, { name: body.name, available }));
  }

  @Delete(':station_id')
  @HttpCode(204)
  async remove(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Param('station_id', StationId) id: string) {
    await this.stations.delete(account.id, tournamentId, id);
  }
}
