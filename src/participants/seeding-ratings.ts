import { Injectable } from '@nestjs/common';
import { RatedPlaces } from './domain/seeding';

/** What seeding by rating needs of a league: each rated player's place in its ratings table (0 the best). */
export interface SeedingRatings {
  /** 404 for a league the account does not have, 409 league_not_rated for one without ratings. */
  places(accountId: string, leagueId: string): Promise<RatedPlaces>;
}

/**
 * The participants module's port for league ratings. They are computed from play's results, and play depends on
 * this module, so they cannot be injected here: play binds them once, at start
 * (src/matches/play-wiring.module.ts), as it binds the status-change rules. Unbound (a service spec), seeding by rating fails.
 */
@Injectable()
export class SeedingRatingsHook implements SeedingRatings {
  private ratings?: SeedingRatings;

  bind(ratings: SeedingRatings): void {
    if (this.ratings) throw new Error('The seeding ratings are already bound');
    this.ratings = ratings;
  }

  places(accountId: string, leagueId: string): Promise<RatedPlaces> {
    if (!this.ratings) throw new Error('No league ratings are bound for seeding');
    return this.ratings.places(accountId, leagueId);
  }
}
