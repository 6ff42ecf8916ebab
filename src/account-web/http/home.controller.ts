import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseHealth } from '../../health';
import { Public } from '../../platform/auth/public.decorator';
import { packageVersion } from '../../platform/package-version';
import { instanceUrl } from '../../platform/http/instance-url';
import { FAVICON, PAGE_SECURITY_HEADERS } from './page-assets';
import { AccountPageFilter } from './page-refusals';

/**
 * The home page at `/`: what the service is, where to sign up, sign in and read the docs, and whether this
 * instance can reach its database. No session and no form: it sets no cookie.
 */
@Public()
@UseFilters(AccountPageFilter)
@Controller()
export class HomeController {
  private readonly version = packageVersion();

  constructor(private readonly database: DatabaseHealth) {}

  @Get()
  async homePage(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const databaseOk = await this.database.isReachable();
    const html = await reply.viewAsync('home', {
      notice: undefined,
      baseUrl: instanceUrl(request),
      version: this.version,
      databaseOk,
      databaseText: databaseOk ? 'reachable' : 'not reachable: the API answers 503 until it is back',
    });
    await reply.headers(PAGE_SECURITY_HEADERS).status(200).type('text/html; charset=utf-8').send(html);
  }

  /** Every browser asks for it, on the account pages, the docs and the viewer pages alike. */
  @Get('favicon.ico')
  favicon(@Res() reply: FastifyReply): void {
    void reply.headers({ 'content-type': 'image/x-icon', 'cache-control': 'public, max-age=86400' }).send(FAVICON);
  }
}
