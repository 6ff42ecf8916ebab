import type { ModuleManifest } from '../platform/module-manifest';
import { MATCH_EVENT_TYPES } from './matches.events';
import { TOURNAMENT_START_ERRORS } from '../tournaments';
import { MATCHES_PROBLEM_KINDS } from './matches.problems';
import { matchesApiDocs, tournamentStartErrors } from './matches.openapi';
import { MatchesModule } from './matches.module';
import { MatchesService } from './matches.service';
import { MATCHES_MIGRATIONS } from './persistence/migrations';
import { PlayWiringModule } from './play-wiring.module';
import { ScheduleService } from './schedule.service';
import { stagesApiDocs } from './stages.openapi';
import { StandingsRefresher } from './standings-refresher.service';
import { stationsApiDocs } from './stations.openapi';
import { withdrawalsApiDocs } from './withdrawals.openapi';

/** Play: matches, results, standings, withdrawals, stations, schedules and stages. */
export const matchesManifest: ModuleManifest = {
  name: 'matches',
  nestModules: [MatchesModule, PlayWiringModule],
  migrations: MATCHES_MIGRATIONS,
  apiDocs: () => [matchesApiDocs(), withdrawalsApiDocs(), stationsApiDocs(), stagesApiDocs()],
  problems: MATCHES_PROBLEM_KINDS,
  contributes: { [TOURNAMENT_START_ERRORS]: tournamentStartErrors() },
  eventTypes: MATCH_EVENT_TYPES,
  ports: [MatchesService, StandingsRefresher, ScheduleService],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { CALENDAR_CONTENT_TYPE } from './calendar.controller';
export { presentTotals } from './dto/standing-row.presenter';
export { MatchesModule } from './matches.module';
export { MatchesService } from './matches.service';
export { stationsVersionSql } from './persistence/station-sql';
export { seeded, settingsOf } from './play-settings';
export { ScheduleService } from './schedule.service';
export { stageViews } from './stages.service';
