import { IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
import { CommaList } from '../../platform/http/validation/decorators';
import { EVENT_TYPE_NAMES, EventType } from '../domain/event-types';
import { EventFilters } from '../domain/stored-event';

const TYPE = EVENT_TYPE_NAMES.map((name) => name.replace('.', '\\.')).join('|');
const TYPE_LIST = new RegExp(`^(${TYPE})(,(${TYPE}))*$`);
/** A sequence: 0 (before the first event) or a positive whole number, at most 15 digits (exact in a double). */
export const SEQUENCE = /^(0|[1-9][0-9]{0,14})$/;
export const MAX_FEED_PAGE = 500;
const DEFAULT_FEED_PAGE = 100;

/** The filters the feed and the stream share. Unknown parameters are refused. */
export class StreamEventsQuery {
  @IsOptional() @MaxLength(15) @Matches(SEQUENCE, { message: 'after must be a sequence: a whole number from 0.' })
  after?: string;

  @IsOptional() @CommaList() @MaxLength(2000) @Matches(TYPE_LIST, { message: `types must be a comma-separated list of event types: ${EVENT_TYPE_NAMES.join(', ')}.` })
  types?: string;

  @IsOptional() @IsUUID('all', { message: 'tournament_id must be a UUID.' })
  tournament_id?: string;

  filters(): EventFilters {
    return {
      types: this.types ? ([...new Set(this.types.split(','))] as EventType[]) : undefined,
      tournamentId: this.tournament_id?.toLowerCase(),
    };
  }

  afterSequence(): number | undefined {
    return this.after === undefined ? undefined : Number(this.after);
  }
}

/** Query string of GET /api/v1/events. */
export class ListEventsQuery extends StreamEventsQuery {
  @IsOptional() @MaxLength(3) @Matches(/^(500|[1-4][0-9]{2}|[1-9][0-9]?)$/, { message: `limit must be a whole number from 1 to ${MAX_FEED_PAGE}.` })
  limit?: string;

  pageSize(): number {
    return this.limit ? Number(this.limit) : DEFAULT_FEED_PAGE;
  }
}
