import { IsOptional, Matches, MaxLength } from 'class-validator';

/** Query string of GET …/standings: `stage` gives that stage's group tables (issue 40). Unknown parameters are refused. */
export class StandingsQuery {
  @IsOptional() @MaxLength(32) @Matches(/^[a-z0-9_-]{1,32}$/, { message: 'stage must be a stage key (a-z, 0-9, _ and -, up to 32).' })
  stage?: string;
}
