import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { ActionAnswer, IdempotentPosts } from '../platform/idempotency/idempotent-posts';
import { IfMatch } from '../platform/http/if-match.decorator';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import type { Participant } from '../participants';
import { ParticipantNotFoundError } from '../participants';
import { WithdrawalReason } from '../participants';
import { participantEtag, presentParticipant } from '../participants';
import { presentMatch } from './dto/match.presenter';
import { WithdrawParticipantDto } from './dto/withdrawal-body.dto';
import { WithdrawalResult, WithdrawalsService } from './withdrawals.service';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);
const ParticipantId = new ResourceIdPipe(ParticipantNotFoundError);

/** Withdraw or disqualify a participant of a running tournament, and take it back (issue 32). */
@Controller('/api/v1/tournaments/:id/participants/:participant_id')
export class WithdrawalsController {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    private readonly posts: IdempotentPosts,
  ) {}

  /** 200 with the participant and the matches it decided; before the start, a plain removal (204). */
  @Post('withdraw')
  withdraw(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @Body(RequestValidationPipe) body: WithdrawParticipantDto,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const terms = { reason: body.reason as WithdrawalReason, note: body.note ?? null, voidResults: body.void_results ?? false, forfeitScore: body.forfeit_score ?? null };
    return this.posts.act(request, reply, async () => present(await this.withdrawals.withdraw(account.id, tournamentId, id, terms, expected)));
  }

  /** Takes a withdrawal back while no reported match depends on it. */
  @Post('reinstate')
  reinstate(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('participant_id', ParticipantId) id: string,
    @IfMatch(participantEtag) expected: ExpectedVersion<Participant>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.posts.act(request, reply, async () => present(await this.withdrawals.reinstate(account.id, tournamentId, id, expected)));
  }
}

function present(result: WithdrawalResult): ActionAnswer {
  if (result.participant === null) return { status: 204 };
  const body = {
    participant: presentParticipant(result.participant),
    changed_matches: result.changed.map((match) => presentMatch(match, result.entrants)),
    created_matches: result.created.map((match) => presentMatch(match, result.entrants)),
    deleted_matches: result.deleted.map((match) => ({ id: match.id, number: match.number })),
    tournament_completed: result.tournamentCompleted,
  };
  return { status: 200, body, etag: participantEtag(result.participant) };
}
