import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { LeagueRatingsService } from '../leagues';
import { LeagueStandingsModule } from '../leagues';
import { ParticipantsModule } from '../participants';
import { SeedingRatingsHook } from '../participants';
import { StatusChangeHook } from '../tournaments';
import { TournamentsModule } from '../tournaments';
import { MatchesModule } from './matches.module';
import { MatchesService } from './matches.service';

/**
 * Binds, once at start, the ports lower modules declare for play: the tournaments module's status-change rules
 * (play's) and the participants module's seeding ratings (leagues' ratings, computed from play's results). Play sits
 * above all three, so this is the one place that sees them together.
 */
@Injectable()
class PlayBindings implements OnModuleInit {
  constructor(
    private readonly statusChanges: StatusChangeHook,
    private readonly play: MatchesService,
    private readonly seedingRatings: SeedingRatingsHook,
    private readonly leagueRatings: LeagueRatingsService,
  ) {}

  onModuleInit(): void {
    this.statusChanges.bind(this.play);
    this.seedingRatings.bind(this.leagueRatings);
  }
}

/** The league table and ratings, served from play's results, and the start-up bindings above. */
@Module({
  imports: [TournamentsModule, ParticipantsModule, MatchesModule, LeagueStandingsModule.withResultsFrom(MatchesModule)],
  providers: [PlayBindings],
})
export class PlayWiringModule {}
