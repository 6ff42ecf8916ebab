import { IsBoolean, IsIn, IsOptional, IsUUID, MaxLength } from 'class-validator';
import { Absentable, IsInstant } from '../../platform/http/validation/decorators';

/** Body of POST /api/v1/tournaments/:id/schedule and …/schedule/preview (all optional; an empty body is fine). */
export class ScheduleRequestDto {
  @Absentable() @IsInstant()
  from?: string;

  @Absentable() @IsBoolean({ message: 'keep_order must be true or false.' })
  keep_order?: boolean;
}

/** Query of POST /api/v1/tournaments/:id/schedule: `dry_run=true` answers the plan and stores nothing. */
export class ScheduleQuery {
  @IsOptional() @IsIn(['true', 'false'], { message: 'dry_run must be true or false.' })
  dry_run?: 'true' | 'false';
}

/** Query of GET …/schedule.ics: one participant's matches only. */
export class CalendarQuery {
  @IsOptional() @MaxLength(36) @IsUUID('all', { message: 'participant must be the id of a participant.' })
  participant?: string;
}
