import { IsString, Length } from 'class-validator';
import { BodyKind, Nullable, RequiredOnCreate, Shaped, Trim } from '../../platform/http/validation/decorators';
import { isSpanList, STATION_LIMITS } from '../domain/schedule/station';

const SPANS_SCHEMA = {
  type: 'array',
  maxItems: STATION_LIMITS.spans,
  items: {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    properties: {
      from: { type: 'string', format: 'date-time', maxLength: 40, description: 'RFC 3339 instant with an offset.' },
      to: { type: 'string', format: 'date-time', maxLength: 40, description: 'RFC 3339 instant with an offset, after `from`.' },
    },
  },
};

function stationFields(kind: BodyKind) {
  abstract class StationFields {
    @RequiredOnCreate(kind) @Trim() @IsString() @Length(1, STATION_LIMITS.nameLength, { message: `name must be 1 to ${STATION_LIMITS.nameLength} characters.` })
    name?: string;

    @Nullable()
    @Shaped(isSpanList, `available must be a list of at most ${STATION_LIMITS.spans} { "from", "to" } objects, or null for always.`, SPANS_SCHEMA)
    available?: Record<string, unknown>[] | null;
  }
  return StationFields;
}

/** Body of POST /api/v1/tournaments/:id/stations. */
export class CreateStationDto extends stationFields('create') {
  declare name: string;
}

/** Body of PATCH …/stations/:station_id: the fields to change (`available: null` makes it always available). */
export class UpdateStationDto extends stationFields('patch') {}
