import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../platform/auth/public.decorator';
import { AccountsService } from '../../tokens';
import { SubscriptionRequiredError, TokenChangedError, WrongPasswordError } from '../../tokens';
import { ApiToken } from '../../tokens';
import { WebhooksService } from '../../webhooks';
import { BillingGateway } from '../domain/billing.gateway';
import { SignInThrottle } from '../persistence/sign-in-throttle';
import { TokenReveals } from '../persistence/token-reveals';
import { instanceUrl } from '../../platform/http/instance-url';
import { PAGE_ASSETS } from './page-assets';
import { CsrfGuard, FormSubmissionThrottle, SignedInGuard } from './page-guards';
import { AccountPageFilter, PageRefusal, SignInRequired } from './page-refusals';
import { controlCharacterErrors, hasErrors } from './form-text';
import { clientAddress, endSession, formField, signedInAccountId } from './page-session';
import { noticeFrom, withNotice } from './notices';
import { redirect, renderPage } from './pages';
import { SharedItem, SharingOverview } from './sharing-overview';

/** What the settings page may show next to its forms, after a refused submission. */
interface SettingsMessages {
  notice?: { text: string; problem?: boolean };
  tokenError?: string;
  confirmError?: string;
  deleteError?: string;
}

/**
 * The settings page (`Plan`, `API Token`, `Delete account`), the one-time new
 * token page, and the pages' static files. Every change goes through the tokens
 * module's AccountsService or the BillingGateway, never a repository.
 */
@Public()
@UseFilters(AccountPageFilter)
@Controller('account')
export class AccountSettingsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly billing: BillingGateway,
    private readonly reveals: TokenReveals,
    private readonly passwordThrottle: SignInThrottle,
    private readonly webhooks: WebhooksService,
    private readonly sharing: SharingOverview,
  ) {}

  @Get()
  @UseGuards(SignedInGuard)
  async settingsPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.renderSettings(request, reply, 200, { notice: noticeFrom(request.query) });
  }

  @Post('plan/subscribe')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async subscribe(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.billing.subscribe(accountIdOf(request));
    redirect(reply, withNotice('/account', 'subscribed'));
  }

  @Post('plan/cancel')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async cancel(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.billing.cancel(accountIdOf(request));
    redirect(reply, withNotice('/account', 'cancelled'));
  }

  /**
   * Generate (no token yet) and Regenerate (`replacing` names the token the page showed). Answers 303 to the
   * one-time page, so a reload never submits again; a second submission of the same form replaces nothing.
   */
  @Post('token')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async generateToken(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const unreadable = controlCharacterErrors(request, { replacing: 'form', confirm: 'confirmation' });
    if (hasErrors(unreadable)) {
      return this.renderSettings(request, reply, 422, { tokenError: unreadable.replacing, confirmError: unreadable.confirm });
    }
    const replacing = formField(request, 'replacing') || null;
    if (replacing && formField(request, 'confirm') !== 'yes') {
      return this.renderSettings(request, reply, 422, {
        confirmError: 'Tick the box to confirm that the current token stops working at once.',
      });
    }
    let plaintext: string;
    try {
      plaintext = await this.accounts.issueToken(accountIdOf(request), replacing);
    } catch (error) {
      if (error instanceof TokenChangedError) return redirect(reply, withNotice('/account/token/new', 'sent-twice'));
      if (!(error instanceof SubscriptionRequiredError)) throw error;
      return this.renderSettings(request, reply, 403, {
        tokenError: 'API access needs the premium plan, so no token was generated. Subscribe to premium first.',
      });
    }
    await this.reveals.stash(request.session.sessionId, plaintext);
    redirect(reply, '/account/token/new');
  }

  @Get('token/new')
  @UseGuards(SignedInGuard)
  async newTokenPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const notice = noticeFrom(request.query);
    const token = await this.reveals.take(request.session.sessionId);
    if (!token) return redirect(reply, withNotice('/account', notice ? 'token-changed' : 'token-shown-once'));
    const curl = `curl -sS "${instanceUrl(request)}/api/v1/tournaments?limit=10" \\\n  -H "Authorization: Bearer ${token}"`;
    await renderPage(request, reply, 200, 'new-token', { token, curl, notice, scriptIntegrity: PAGE_ASSETS['copy.js'].integrity });
  }

  @Post('delete')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async deleteAccount(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const password = formField(request, 'password');
    if (password === '') return this.renderSettings(request, reply, 422, { deleteError: 'Enter your password to confirm.' });
    const unreadable = controlCharacterErrors(request, { password: 'password' });
    if (hasErrors(unreadable)) return this.renderSettings(request, reply, 422, { deleteError: unreadable.password });
    // Wrong passwords here count with failed sign-ins: a borrowed session must not become a way to guess the password.
    const account = await this.accounts.accountById(accountIdOf(request));
    if (!account) throw new SignInRequired();
    const address = clientAddress(request);
    const wait = await this.passwordThrottle.waitSeconds(account.email, address);
    if (wait > 0) throw PageRefusal.tooManyRequests('Too many wrong passwords', wait, 'The password was wrong too many times. Nothing was deleted.');
    try {
      await this.accounts.deleteAccount(account.id, password);
    } catch (error) {
      if (!(error instanceof WrongPasswordError)) throw error;
      await this.passwordThrottle.recordFailure(account.email, address);
      return this.renderSettings(request, reply, 403, { deleteError: 'The password is not correct. Your account was not deleted.' });
    }
    // The account's sessions went with it (on delete cascade); this one's cookie goes too.
    await endSession(request, reply);
    redirect(reply, withNotice('/account/signin', 'deleted'));
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res() reply: FastifyReply): void {
    if (!Object.hasOwn(PAGE_ASSETS, name)) throw new PageRefusal(404, 'Page not found', 'There is no such page.');
    const asset = PAGE_ASSETS[name];
    void reply.type(asset.contentType).send(asset.body);
  }

  private async renderSettings(request: FastifyRequest, reply: FastifyReply, status: number, messages: SettingsMessages): Promise<void> {
    const accountId = accountIdOf(request);
    const [account, token, webhooks, shared] = await Promise.all([
      this.accounts.accountById(accountId),
      this.accounts.tokenOf(accountId),
      this.webhooks.overview(accountId),
      this.sharing.listFor(accountId),
    ]);
    if (!account) {
      // Deleted from another browser: its sessions are gone, this one included.
      await endSession(request, reply);
      throw new SignInRequired();
    }
    await renderPage(request, reply, status, 'settings', {
      ...messages,
      email: account.email,
      premium: account.hasApiAccess(),
      token: token && tokenView(token),
      webhooks: webhooksView(webhooks),
      sharing: sharingView(shared, instanceUrl(request)),
      scriptIntegrity: PAGE_ASSETS['copy.js'].integrity,
    });
  }
}

function accountIdOf(request: FastifyRequest): string {
  const accountId = signedInAccountId(request);
  if (!accountId) throw new SignInRequired();
  return accountId;
}

function tokenView(token: ApiToken) {
  return { id: token.id, lastFour: token.lastFour, createdAt: instant(token.createdAt), lastUsedAt: token.lastUsedAt && instant(token.lastUsedAt) };
}

/** The Webhooks section: read only (the API manages endpoints). */
function webhooksView({ endpoints, failures }: Awaited<ReturnType<WebhooksService['overview']>>) {
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return {
    endpoints: endpoints.map((endpoint) => ({
      url: endpoint.url,
      state: endpoint.enabled ? (endpoint.failingSince ? 'Failing' : 'Active') : 'Disabled',
      disabledReason: endpoint.disabledReason,
      failingSince: endpoint.failingSince && instant(endpoint.failingSince),
      eventTypes: endpoint.eventTypes ? endpoint.eventTypes.join(', ') : 'All events',
    })),
    failures: failures.map((delivery) => ({
      url: urls.get(delivery.endpointId) ?? '',
      eventType: delivery.eventType,
      at: instant(delivery.lastAttemptAt ?? delivery.createdAt),
      error: delivery.lastError ?? '',
      status: delivery.status === 'failed' ? 'Given up' : `Retrying (attempt ${delivery.attempts})`,
    })),
  };
}

/** Each row with its share link and embed snippet while unlisted (docs/viewing.md documents both). */
function sharingView(shared: Awaited<ReturnType<SharingOverview['listFor']>>, baseUrl: string) {
  const row = (item: SharedItem) => {
    const link = item.shareId && `${baseUrl}/v/${item.shareId}`;
    return {
      ...item,
      status: item.status.replace(/_/g, ' '),
      link,
      embed: link && `<iframe src="${link}/embed" title="${escapeAttribute(item.name)}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`,
    };
  };
  return { tournaments: shared.tournaments.map(row), leagues: shared.leagues.map(row), truncated: shared.truncated };
}

/** The snippet is shown as text (the view escapes it again); inside it, the name is an attribute value. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function instant(at: Date): { iso: string; text: string } {
  const iso = at.toISOString();
  return { iso, text: `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` };
}
