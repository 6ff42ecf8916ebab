import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import { CalendarQuery } from './dto/schedule-body.dto';
import { ScheduleService } from './schedule.service';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A tournament's schedule as an RFC 5545 calendar, with the token (the public one is under /v/{share_id}). */
@Controller('/api/v1/tournaments/:id')
export class CalendarController {
  constructor(private readonly schedule: ScheduleService) {}

  @Get('schedule.ics')
  async calendar(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', TournamentId) tournamentId: string,
    @Query(RequestValidationPipe) query: CalendarQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const body = await this.schedule.calendar(account.id, tournamentId, query.participant?.toLowerCase());
    void reply.type(CALENDAR_CONTENT_TYPE);
    return body;
  }
}
