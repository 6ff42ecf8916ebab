import { IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
import { CommaList, Shaped } from '../../platform/http/validation/decorators';
import { EventCatalogue } from '../domain/event-types';
import { EventFilters } from '../domain/stored-event';

// The catalogue comes from the modules at start, so the rule reads it when it checks, not when the class loads.
const isTypeList = (value: unknown) => typeof value === 'string' && EventCatalogue.installed().listPattern().test(value);
const typeListMessage = () => `types must be a comma-separated list of event types: ${EventCatalogue.installed().names().join(', ')}.`;
/** A sequence: 0 (before the first event) or a positive whole number, at most 15 digits (exact in a double). */
export const SEQUENCE = /^(0|[1-9][0-9]{0,14})$/;
export const MAX_FEED_PAGE = 500;
const DEFAULT_FEED_PAGE = 100;

/** The filters the feed and the stream share. Unknown parameters are refused. */
export class StreamEventsQuery {
  @IsOptional() @MaxLength(15) @Matches(SEQUENCE, { message: 'after must be a sequence: a whole number from 0.' })
  after?: string;

  @IsOptional() @CommaList() @MaxLength(2000) @Shaped(isTypeList, typeListMessage, { type: 'string' })
  types?: string;

  @IsOptional() @IsUUID('all', { message: 'tournament_id must be a UUID.' })
  tournament_id?: string;

  filters(): EventFilters {
    return {
      types: this.types ? [...new Set(this.types.split(','))] : undefined,
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
