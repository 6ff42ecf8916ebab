import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { NoQueryParameters } from '../platform/http/no-query-parameters.pipe';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import { StageDecisionDto } from './dto/stage-decision-body.dto';
import { presentStage } from './dto/stage.presenter';
import { StagesService } from './stages.service';
import { FieldOfPlay } from './play-ports';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);

/** A multi_stage tournament's stages (issue 40): groups, qualifiers, a tie waiting for a decision, and decisions. */
@Controller('/api/v1/tournaments/:id/stages')
export class StagesController {
  constructor(
    private readonly stages: StagesService,
    private readonly participants: FieldOfPlay,
  ) {}

  private async names(accountId: string, tournamentId: string) {
    return new Map((await this.participants.inSeedingOrder(accountId, tournamentId)).map((entry) => [entry.id, entry]));
  }

  @Get()
  async list(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Query(NoQueryParameters) _query: unknown) {
    const { views } = await this.stages.list(account.id, tournamentId);
    const names = await this.names(account.id, tournamentId);
    return { data: views.map((view) => presentStage(view, names)), next_cursor: null };
  }

  @Get(':key')
  async get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Param('key') key: string, @Query(NoQueryParameters) _query: unknown) {
    const { view } = await this.stages.one(account.id, tournamentId, key);
    return presentStage(view, await this.names(account.id, tournamentId));
  }

  @Post(':key/decisions')
  @HttpCode(200)
  async decide(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Param('key') key: string,
    @Body(RequestValidationPipe) body: StageDecisionDto,
  ) {
    const { view } = await this.stages.decide(account.id, tournamentId, key, { group: body.group, order: body.order.map((id) => id.toLowerCase()), reason: body.reason });
    return presentStage(view, await this.names(account.id, tournamentId));
  }
}
