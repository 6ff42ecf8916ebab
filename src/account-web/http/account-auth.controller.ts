import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppMetrics } from '../../metrics';
import { Public } from '../../platform/auth/public.decorator';
import { InvalidError } from '../../kernel/domain-error';
import { AccountsService } from '../../tokens';
import { EmailTakenError } from '../../tokens';
import { MIN_PASSWORD_LENGTH } from '../../tokens';
import { SignInThrottle } from '../persistence/sign-in-throttle';
import { controlCharacterErrors, hasErrors } from './form-text';
import { CsrfGuard, FormSubmissionThrottle, SignedInGuard } from './page-guards';
import { AccountPageFilter, PageRefusal } from './page-refusals';
import { clientAddress, endSession, formField, signedInAccountId, startSession } from './page-session';
import { noticeFrom, withNotice } from './notices';
import { redirect, renderPage } from './pages';

/** One message for an unknown email and a wrong password, so the form does not reveal who has an account. */
const SIGN_IN_FAILED = 'The email or password is not correct.';
const CREDENTIAL_LABELS = { email: 'email address', password: 'password' };

/** Sign up, sign in and sign out. Public to the API's guards; the pages have their own throttles. */
@Public()
@UseFilters(AccountPageFilter)
@Controller('account')
export class AccountAuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly signInThrottle: SignInThrottle,
    private readonly metrics: AppMetrics,
  ) {}

  @Get('signup')
  async signUpPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (signedInAccountId(request)) return redirect(reply, '/account');
    await renderPage(request, reply, 200, 'signup', { minPasswordLength: MIN_PASSWORD_LENGTH });
  }

  @Post('signup')
  @UseGuards(FormSubmissionThrottle, CsrfGuard)
  async signUp(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = formField(request, 'email');
    const unreadable = controlCharacterErrors(request, CREDENTIAL_LABELS);
    if (hasErrors(unreadable)) {
      return renderPage(request, reply, 422, 'signup', { email: unreadable.email ? '' : email, errors: unreadable, minPasswordLength: MIN_PASSWORD_LENGTH });
    }
    try {
      const account = await this.accounts.signUp(email, formField(request, 'password'));
      await startSession(request, reply, account.id);
      redirect(reply, '/account');
    } catch (error) {
      const errors = fieldErrors(error);
      if (!errors) throw error;
      await renderPage(request, reply, error instanceof EmailTakenError ? 409 : 422, 'signup', {
        email,
        errors,
        minPasswordLength: MIN_PASSWORD_LENGTH,
      });
    }
  }

  @Get('signin')
  async signInPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (signedInAccountId(request)) return redirect(reply, '/account');
    await renderPage(request, reply, 200, 'signin', { notice: noticeFrom(request.query) });
  }

  @Post('signin')
  @UseGuards(FormSubmissionThrottle, CsrfGuard)
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = formField(request, 'email');
    const password = formField(request, 'password');
    const errors = {
      ...(email.trim() === '' && { email: 'Enter your email address.' }),
      ...(password === '' && { password: 'Enter your password.' }),
      ...controlCharacterErrors(request, CREDENTIAL_LABELS),
    };
    if (hasErrors(errors)) return renderPage(request, reply, 422, 'signin', { email: errors.email ? '' : email, errors });
    const address = clientAddress(request);
    const wait = await this.signInThrottle.waitSeconds(email, address);
    if (wait > 0) {
      this.metrics.signInFailed('throttled');
      throw PageRefusal.tooManyRequests('Too many sign-in attempts', wait, 'Sign-in failed too many times for this email or from this network.');
    }
    const account = await this.accounts.verifyCredentials(email, password);
    if (!account) {
      await this.signInThrottle.recordFailure(email, address);
      this.metrics.signInFailed('invalid_credentials');
      return renderPage(request, reply, 401, 'signin', { email, failure: SIGN_IN_FAILED });
    }
    await this.signInThrottle.recordSuccess(email);
    await startSession(request, reply, account.id);
    redirect(reply, '/account');
  }

  @Post('signout')
  @UseGuards(FormSubmissionThrottle, SignedInGuard, CsrfGuard)
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await endSession(request, reply);
    redirect(reply, withNotice('/account/signin', 'signed-out'));
  }
}

/** Sign-up problems by form field (`email`, `password`), or undefined for an error that is not the visitor's. */
function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof EmailTakenError) return { email: 'An account with this email already exists. Sign in instead.' };
  if (!(error instanceof InvalidError)) return undefined;
  return Object.fromEntries(error.fieldProblems.map(({ pointer, detail }) => [pointer.slice(1), detail]));
}
