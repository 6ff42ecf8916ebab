import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Absentable, BodyKind, Nullable, RequiredOnCreate } from '../../platform/http/validation/decorators';
import { MAX_URL_LENGTH } from '../domain/endpoint-url';

const MAX_TYPES = 50;

/** The fields of both bodies, declared once, in the order their problems and the OpenAPI document list them. */
function webhookFields(kind: BodyKind) {
  abstract class WebhookFields {
    @RequiredOnCreate(kind) @IsString() @MaxLength(MAX_URL_LENGTH)
    url?: string;

    @Absentable() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_TYPES)
    @IsString({ each: true, message: 'event_types must list event types (or "*" for all).' }) @MaxLength(100, { each: true })
    event_types?: string[];

    @Nullable() @IsUUID('all', { message: 'tournament_id must be the id of one of your tournaments.' })
    tournament_id?: string | null;

    @Nullable() @IsString() @MaxLength(500)
    description?: string | null;

    @Absentable() @IsBoolean({ message: 'enabled must be true or false.' })
    enabled?: boolean;
  }
  return WebhookFields;
}

/** Body of POST /api/v1/webhooks. */
export class CreateWebhookDto extends webhookFields('create') {
  declare url: string;
}

/** Body of PATCH /api/v1/webhooks/:id: the fields to change. */
export class UpdateWebhookDto extends webhookFields('patch') {}

/** Body of POST /api/v1/webhooks/:id/replay. */
export class ReplayWebhookDto {
  @IsInt({ message: 'after must be an event sequence: a whole number from 0.' }) @Min(0) @Max(999_999_999_999_999)
  after: number;
}
