import { TakesNoBody } from '../platform/http/body-parsing';
import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedAccount } from '../tokens';
import type { Participant } from './domain/participant';
import { CurrentAccount } from '../tokens';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { ActionAnswer, created, IdempotentPosts } from '../platform/idempotency/idempotent-posts';
import { IfMatch } from '../platform/http/if-match.decorator';
import { listResponse } from '../platform/http/list-response';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { listRequestOf } from '../platform/pagination/list-request';
import { Representation } from '../platform/resources/representation';
import { TournamentNotFoundError } from '../tournaments';
import { ParticipantNotFoundError } from './domain/participant-errors';
import { ListParticipantsQuery } from './dto/list-participants.query';
import { SeedParticipantsDto } from './dto/seed-body.dto';
import { SeedingOrder } from './domain/seeding';
import { BulkCreateParticipantsDto, CreateParticipantDto, UpdateParticipantDto } from './dto/participant-body.dto';
import { participantEtag, presentParticipant, presentSeeding, toNewParticipant, toParticipantChanges } from './dto/participant.presenter';
import { ParticipantsService } from './participants.service';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);
const ParticipantId = new ResourceIdPipe(ParticipantNotFoundError);
const PARTICIPANT = new Representation(presentParticipant, participantEtag);

@Controller('/api/v1/tournaments/:id/participants')
export class ParticipantsController {
  constructor(
    private readonly participants: ParticipantsService,
    private readonly posts: IdempotentPosts,
  ) {}

  @Get()
  async list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Query(RequestValidationPipe) query: ListParticipantsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.participants.list(account.id, tournamentId, listRequestOf(query, { q: query.q }, 'seed'));
    return listResponse(reply, query, page, PARTICIPANT.present);
  }

  @Post()
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Body(RequestValidationPipe) body: CreateParticipantDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.create(request, reply, async () => PARTICIPANT.created(await this.participants.create(account.id, tournamentId, toNewParticipant(body))));
  }

  @Post('bulk')
  createMany(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Body(RequestValidationPipe) body: BulkCreateParticipantsDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.create(request, reply, async () => {
      const participants = await this.participants.createMany(account.id, tournamentId, body.participants.map(toNewParticipant));
      return created({ data: participants.map(presentParticipant) });
    });
  }

  /** Seeds the whole field at once while the tournament is a draft; `dry_run` shows the order and writes nothing. */
  @Post('seed')
  seed(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Body(RequestValidationPipe) body: SeedParticipantsDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.act(request, reply, async () => {
      const seeding = await this.participants.seed(account.id, tournamentId, {
        by: body.by as SeedingOrder,
        leagueId: body.league_id,
        randomSeed: body.random_seed,
        dryRun: body.dry_run ?? false,
      });
      return { status: 200, body: presentSeeding(seeding) };
    });
  }

  @Get(':participant_id')
  async get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @Query(NoQueryParameters) _query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return PARTICIPANT.read(request, reply, await this.participants.get(account.id, tournamentId, id));
  }

  @Patch(':participant_id')
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @Body(RequestValidationPipe) body: UpdateParticipantDto,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return PARTICIPANT.written(reply, await this.participants.update(account.id, tournamentId, id, toParticipantChanges(body), expected));
  }

  /** Checks in (before the start, inside the tournament's check-in window); checking in twice keeps the first time. */
  @Post(':participant_id/check-in')
  @TakesNoBody()
  checkIn(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.act(request, reply, () => this.setCheckIn(account, tournamentId, id, true, expected));
  }

  @Post(':participant_id/check-out')
  @TakesNoBody()
  checkOut(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.act(request, reply, () => this.setCheckIn(account, tournamentId, id, false, expected));
  }

  private async setCheckIn(
    account: AuthenticatedAccount,
    tournamentId: string,
    id: string,
    present: boolean,
    expected: ExpectedVersion<Participant>,
  ): Promise<ActionAnswer> {
    const participant = await this.participants.setCheckIn(account.id, tournamentId, id, present, expected);
    return { status: 200, body: presentParticipant(participant), etag: participantEtag(participant) };
  }

  @Delete(':participant_id')
  @HttpCode(204)
  async remove(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
  ) {
    await this.participants.delete(account.id, tournamentId, id, expected);
  }
}
