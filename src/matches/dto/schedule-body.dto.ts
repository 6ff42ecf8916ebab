import { IsBoolean } from 'class-validator';
import { Absentable, IsInstant } from '../../platform/http/validation/decorators';

/** Body of POST /api/v1/tournaments/:id/schedule/preview (all optional; an empty body is fine). */
export class ScheduleRequestDto {
  @Absentable() @IsInstant()
  from?: string;

  @Absentable() @IsBoolean({ message: 'keep_order must be true or false.' })
  keep_order?: boolean;
}
