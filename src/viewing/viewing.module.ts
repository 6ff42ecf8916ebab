import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues';
import { MatchesModule } from '../matches';
import { ParticipantsModule } from '../participants';
import { RateLimitModule } from '../rate-limit';
import { TournamentsModule } from '../tournaments';
import { ReadContext, SharedStates } from './domain/shared-states';
import { LiveViews } from './live-views';
import { MikroOrmReadContext, PgSharedStates } from './persistence/pg-shared-states';
import { ShareLinkFeed } from './persistence/share-link-feed';
import { ShareLinksController } from './share-links.controller';
import { ViewerController } from './viewer.controller';
import { ViewingService } from './viewing.service';
import { SharedContent, ShareLinkRotation } from './viewing-ports';
import { SharedContentAdapter } from './adapters/shared-content.adapter';
import { ShareLinksAdapter } from './adapters/share-links.adapter';
import './viewing.problems';

/**
 * Viewers: read-only pages, embeds, images and a snapshot of unlisted tournaments and leagues under /v/, live, with no
 * token (docs/viewing.md); and the organiser's rotation of a share link. Reads and rotates through the ports it declares
 * (viewing-ports.ts), served by its adapters over the other modules' public API.
 */
@Module({
  imports: [TournamentsModule, LeaguesModule, ParticipantsModule, MatchesModule, RateLimitModule],
  controllers: [ViewerController, ShareLinksController],
  providers: [
    ViewingService,
    LiveViews,
    ShareLinkFeed,
    { provide: SharedStates, useClass: PgSharedStates },
    { provide: ReadContext, useClass: MikroOrmReadContext },
    { provide: SharedContent, useClass: SharedContentAdapter },
    { provide: ShareLinkRotation, useClass: ShareLinksAdapter },
  ],
})
export class ViewingModule {}
