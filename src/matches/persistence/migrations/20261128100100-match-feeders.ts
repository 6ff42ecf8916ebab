import { Migration } from '@mikro-orm/migrations';

/**
 * A first result in a bracket reads the matches it sends its players to and their feeders (withFeeders): these
 * indexes find the feeders by link, whatever the bracket's size. They also serve the deferred foreign keys' checks
 * when a match is deleted (a grand final's reset).
 */
export class MatchFeeders20261128100100 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index matches_feeding on matches (account_id, next_match_id) where next_match_id is not null');
    this.addSql('create index matches_feeding_losers on matches (account_id, loser_next_match_id) where loser_next_match_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index matches_feeding_losers');
    this.addSql('drop index matches_feeding');
  }
}
