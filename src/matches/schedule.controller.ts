import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseInstant } from '../kernel/validation';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { IfMatch } from '../platform/http/if-match.decorator';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { IdempotentPosts } from '../platform/idempotency/idempotent-posts';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { Tournament } from '../tournaments';
import { TournamentNotFoundError } from '../tournaments';
import { tournamentEtag } from '../tournaments';
import { ScheduleQuery, ScheduleRequestDto } from './dto/schedule-body.dto';
import { presentScheduleConflicts, presentSchedulePreview } from './dto/schedule.presenter';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';
import { ScheduleOptions, ScheduleService } from './schedule.service';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);

function optionsOf(body: ScheduleRequestDto): ScheduleOptions {
  return { from: body.from === undefined ? undefined : parseInstant(body.from), keepOrder: body.keep_order ?? true };
}

/** The schedule of a tournament (issue 41): planned and stored, or previewed (which changes nothing). */
@Controller('/api/v1/tournaments/:id/schedule')
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly posts: IdempotentPosts,
  ) {}

  /** Stores the plan on the open matches that are not pinned; `?dry_run=true` is the preview. If-Match: the tournament's ETag. */
  @Post()
  async apply(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Body(RequestValidationPipe) body: ScheduleRequestDto,
    @Query(RequestValidationPipe) query: ScheduleQuery,
    @IfMatch(tournamentEtag) expected: ExpectedVersion<Tournament>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (query.dry_run === 'true') {
      void reply.status(200);
      return presentSchedulePreview(await this.schedule.preview(account.id, tournamentId, optionsOf(body)));
    }
    return this.posts.act(request, reply, async () => ({ status: 200, body: presentSchedulePreview(await this.schedule.apply(account.id, tournamentId, optionsOf(body), expected)) }));
  }

  /** Every hard rule the stored plan breaks now, each with a suggested fix. */
  @Get('conflicts')
  async conflicts(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Query(NoQueryParameters) _query: unknown) {
    const now = new Date();
    return presentScheduleConflicts(await this.schedule.conflicts(account.id, tournamentId, now), now);
  }

  @Post('preview')
  @HttpCode(200)
  async preview(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Body(RequestValidationPipe) body: ScheduleRequestDto) {
    return presentSchedulePreview(await this.schedule.preview(account.id, tournamentId, optionsOf(body)));
  }
}
