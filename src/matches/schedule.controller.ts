import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { parseInstant } from '../kernel/validation';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens/accounts.service';
import { CurrentAccount } from '../tokens/http/current-account.decorator';
import { TournamentNotFoundError } from '../tournaments/domain/tournament-errors';
import { ScheduleRequestDto } from './dto/schedule-body.dto';
import { presentSchedulePreview } from './dto/schedule.presenter';
import { ScheduleService } from './schedule.service';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);

/** The schedule of a tournament (issue 41): for now its preview, which changes nothing. */
@Controller('/api/v1/tournaments/:id/schedule')
export class ScheduleController {
  constructor(private readonly schedule: ScheduleService) {}

  @Post('preview')
  @HttpCode(200)
  async preview(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) tournamentId: string, @Body(RequestValidationPipe) body: ScheduleRequestDto) {
    const from = body.from === undefined ? undefined : parseInstant(body.from);
    return presentSchedulePreview(await this.schedule.preview(account.id, tournamentId, { from, keepOrder: body.keep_order ?? true }));
  }
}
