import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LeagueNotFoundError } from '../leagues';
import { leagueEtag, presentLeague } from '../leagues';
import { TakesNoBody } from '../platform/http/body-parsing';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { TournamentNotFoundError } from '../tournaments';
import { presentTournament, tournamentEtag } from '../tournaments';
import { ShareLinkRotation } from './viewing-ports';

const TournamentId = new ResourceIdPipe(TournamentNotFoundError);
const LeagueId = new ResourceIdPipe(LeagueNotFoundError);

/**
 * Rotating a share link (authenticated, the organiser's): a new share id replaces the old one, whose pages, images,
 * snapshot and streams stop working on every instance before the answer (the services wait for RetiredShareLinks).
 */
@Controller('/api/v1')
export class ShareLinksController {
  constructor(private readonly shareLinks: ShareLinkRotation) {}

  @Post('tournaments/:id/share/rotate')
  @TakesNoBody()
  @HttpCode(200)
  async rotateTournament(@CurrentAccount() account: AuthenticatedAccount, @Param('id', TournamentId) id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const tournament = await this.shareLinks.rotateTournament(account.id, id);
    reply.header('etag', tournamentEtag(tournament));
    return presentTournament(tournament);
  }

  @Post('leagues/:id/share/rotate')
  @TakesNoBody()
  @HttpCode(200)
  async rotateLeague(@CurrentAccount() account: AuthenticatedAccount, @Param('id', LeagueId) id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const league = await this.shareLinks.rotateLeague(account.id, id);
    reply.header('etag', leagueEtag(league));
    return presentLeague(league);
  }
}
