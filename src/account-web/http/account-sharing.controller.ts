import { Controller, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Visibility } from '../../kernel/sharing';
import { Public } from '../../platform/auth/public.decorator';
import { CsrfGuard, FormSubmissionThrottle, SignedInGuard } from './page-guards';
import { AccountPageFilter, PageRefusal, SignInRequired } from './page-refusals';
import { signedInAccountId } from './page-session';
import { NoticeName, withNotice } from './notices';
import { redirect } from './pages';
import { NotListedError, SharingKind, SharingOverview } from './sharing-overview';

const KINDS: readonly SharingKind[] = ['tournaments', 'leagues'];

/** The buttons of the account page's "Tournaments and leagues" section: share (unlisted) or stop sharing (private). */
@Public()
@UseFilters(AccountPageFilter)
@Controller('account/sharing')
export class AccountSharingController {
  constructor(private readonly sharing: SharingOverview) {}

  @Post(':kind/:id/share')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async share(@Param('kind') kind: string, @Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.change(request, reply, kind, id, 'unlisted', 'shared');
  }

  @Post(':kind/:id/stop')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async stop(@Param('kind') kind: string, @Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.change(request, reply, kind, id, 'private', 'unshared');
  }

  private async change(request: FastifyRequest, reply: FastifyReply, kind: string, id: string, visibility: Visibility, notice: NoticeName) {
    const accountId = signedInAccountId(request);
    if (!accountId) throw new SignInRequired();
    if (!KINDS.includes(kind as SharingKind)) throw notListed();
    try {
      await this.sharing.setVisibility(accountId, kind as SharingKind, id, visibility);
    } catch (error) {
      if (error instanceof NotListedError) throw notListed();
      throw error;
    }
    redirect(reply, `${withNotice('/account', notice)}#sharing-heading`);
  }
}

function notListed(): PageRefusal {
  return new PageRefusal(404, 'Not found', 'Your account has no such tournament or league (it may have been deleted). Nothing was changed.');
}
