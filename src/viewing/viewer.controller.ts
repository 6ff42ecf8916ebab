import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { NotFoundError } from '../kernel/domain-error';
import { CALENDAR_CONTENT_TYPE } from '../matches';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { RateLimiter, RateLimitWindow } from '../rate-limit';
import { Public } from '../platform/auth/public.decorator';
import { COMPRESSION_THRESHOLD_BYTES, ContentCoding, preferredCoding } from '../platform/http/compression';
import { ifNoneMatchHits } from '../platform/http/etag';
import { translateError } from '../platform/http/error-translation';
import { PROBLEM_CONTENT_TYPE, ProblemResponse, problemDocument } from '../platform/http/problem';
import { parseSvgOptions, SvgOptions } from './domain/svg-options';
import { StreamSlots, TooManyViewerStreamsError } from './domain/stream-slots';
import { VIEWER_ASSETS } from './dto/viewer-pages';
import { LiveViews, RETRY_FRAME } from './live-views';
import { ViewerSocket } from './viewer-socket';
import { SharedContent } from './viewing-ports';
import { RenderedView, Representation, SharedView, SharedViewNotFoundError, ViewingService } from './viewing.service';

const LIVE_SCRIPT = VIEWER_ASSETS['live.js'].integrity;
const UI_SCRIPT = VIEWER_ASSETS['viewer-ui.js'].integrity;
const MAX_UNREAD_BYTES = 1024 * 1024;

/** Pages: this origin's stylesheet and live script only, no inline code, no forms, no plugins. */
function pageSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' '${LIVE_SCRIPT}' '${UI_SCRIPT}'`,
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Common to every /v/ answer: the share id is a secret of sorts, so it never leaves in a Referer. */
const BASE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
const PAGE_HEADERS = { ...BASE_HEADERS, 'content-security-policy': pageSecurityPolicy("'none'"), 'x-frame-options': 'DENY' };
/** The embed alone may be framed, by any site. */
const EMBED_HEADERS = { ...BASE_HEADERS, 'content-security-policy': pageSecurityPolicy('*') };
/** Images and the snapshot: readable by any site's script, without credentials. */
const OPEN_HEADERS = { ...BASE_HEADERS, 'access-control-allow-origin': '*', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *" };
/**
 * Browsers revalidate every time (the ETag makes that a 304); a CDN may answer from its copy for a second, the most a
 * view lags a change anyway (REVALIDATE_AFTER_MS), so thousands of viewers cost the origin one request a second.
 */
const CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

/**
 * A view's bytes are compressed once per state and coding, off the event loop, and shared by all its viewers (not
 * once per request, as the global compression does). Compressed once for many, a higher level than the global one
 * pays off.
 */
const COMPRESS: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

const HEADERS_OF: Record<Representation, Record<string, string>> = {
  page: PAGE_HEADERS,
  embed: EMBED_HEADERS,
  json: OPEN_HEADERS,
  'bracket.svg': OPEN_HEADERS,
  'standings.svg': OPEN_HEADERS,
};

/**
 * The public, read-only viewer routes under /v/: no token, no cookie. Limited per client address
 * (PUBLIC_RATE_LIMIT_PER_MINUTE) on a budget of their own, never an account's. An unknown, rotated or private share
 * id is a 404 that says nothing more.
 */
@Public()
@Controller('v')
export class ViewerController {
  private readonly window: RateLimitWindow;
  private readonly slots: StreamSlots;
  /** Compressed bytes of each rendered view, gone with the view (a view is dropped when its state changes). */
  private readonly compressed = new WeakMap<RenderedView, Partial<Record<ContentCoding, Promise<Buffer>>>>();

  constructor(
    private readonly viewing: ViewingService,
    private readonly live: LiveViews,
    private readonly limiter: RateLimiter,
    private readonly content: SharedContent,
    config: AppConfig,
  ) {
    this.window = { name: 'public', limit: config.publicRateLimitPerMinute, ttl: 60_000, blockDuration: 60_000 };
    this.slots = new StreamSlots({ perAddress: config.publicStreamsPerAddress, perInstance: config.publicStreamsPerInstance });
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res() reply: FastifyReply): void {
    const asset = Object.hasOwn(VIEWER_ASSETS, name) ? VIEWER_ASSETS[name] : undefined;
    if (!asset) throw new SharedViewNotFoundError();
    void reply.headers({ ...BASE_HEADERS, 'content-type': asset.contentType, 'cache-control': 'public, max-age=300' }).send(asset.body);
  }

  /** `/v/:share_id` is the page; `/v/:share_id.json` the snapshot (one route: the router cannot tell them apart). */
  @Get(':share_id')
  async page(@Param('share_id') share: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (share.endsWith('.json')) return this.send(share.slice(0, -'.json'.length), 'json', request, reply);
    return this.send(share, 'page', request, reply);
  }

  @Get(':share_id/embed')
  embed(@Param('share_id') share: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(share, 'embed', request, reply);
  }

  @Get(':share_id/bracket.svg')
  bracket(@Param('share_id') share: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(share, 'bracket.svg', request, reply, parseSvgOptions('bracket', queryOf(request)).options);
  }

  @Get(':share_id/standings.svg')
  standings(@Param('share_id') share: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(share, 'standings.svg', request, reply, parseSvgOptions('standings', queryOf(request)).options);
  }

  /** The schedule as an RFC 5545 calendar anyone with the link can subscribe to; `?participant=ID`: one player's matches. */
  @Get(':share_id/schedule.ics')
  async calendar(@Param('share_id') share: string, @Query('participant') participant: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!(await this.admitted(request, reply, 'json'))) return;
    let body: string;
    try {
      const { accountId, tournamentId } = await this.viewing.sharedTournament(share);
      // An id that cannot be a participant's matches nobody: the same empty calendar as an unknown one.
      const filter = typeof participant === 'string' ? participant.toLowerCase() : undefined;
      body = await this.content.calendar(accountId, tournamentId, filter);
    } catch (error) {
      if (error instanceof SharedViewNotFoundError || error instanceof NotFoundError) return this.notFound(reply, 'json');
      throw error;
    }
    await reply.headers({ ...BASE_HEADERS, 'access-control-allow-origin': '*', 'cache-control': 'public, no-cache' }).type(CALENDAR_CONTENT_TYPE).send(body);
  }

  /**
   * The page's live stream (Server-Sent Events): after the view the page was rendered from (`?since=` or
   * `Last-Event-ID`), each change of state sends the parts of the page that changed, rendered, with the state as the
   * event id. Only this tournament's (or league's) view: nothing of the event log itself, nothing private.
   */
  @Get(':share_id/events')
  async events(@Param('share_id') share: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!(await this.admitted(request, reply, 'json'))) return;
    // Each open stream holds a socket for as long as its viewer stays: bounded per address (the way the rate limit
    // tells addresses apart, TRUST_PROXY included) and per instance. The slot is freed when the connection closes.
    let release: () => void;
    try {
      release = this.slots.take(this.limiter.trackerOf(request, undefined));
    } catch (error) {
      if (error instanceof TooManyViewerStreamsError) return this.refuse(request, reply, 'json', translateError(error));
      throw error;
    }
    let closed = false;
    reply.raw.once('close', () => {
      closed = true;
      release();
    });
    let view: SharedView;
    try {
      view = await this.viewing.current(share);
      await view.prepare();
    } catch (error) {
      release();
      if (error instanceof SharedViewNotFoundError) return this.notFound(reply, 'json');
      throw error;
    }
    // The viewer left while the view was read: nothing to follow.
    if (closed) return;
    const since = request.headers['last-event-id'] ?? (request.query as Record<string, unknown>).since;
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      // What the pipeline put on the reply (the request id, the public budget's rate-limit headers).
      ...(reply.getHeaders() as Record<string, string>),
      ...BASE_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    const viewer = new ViewerSocket(stream, request.method, MAX_UNREAD_BYTES);
    viewer.write(RETRY_FRAME);
    const stop = this.live.follow(view, typeof since === 'string' ? since : undefined, viewer);
    stream.on('close', stop);
  }

  private async send(shareId: string, representation: Representation, request: FastifyRequest, reply: FastifyReply, svg?: SvgOptions): Promise<void> {
    if (!(await this.admitted(request, reply, representation))) return;
    let rendered;
    try {
      const view = await this.viewing.current(shareId);
      if (representation === 'page' || representation === 'embed') await view.prepare();
      rendered = view.render(representation, request.query as Record<string, unknown>, svg);
    } catch (error) {
      if (error instanceof SharedViewNotFoundError) return this.notFound(reply, representation);
      throw error;
    }
    if (!rendered) return this.notFound(reply, representation);
    // A shared cache keeps one copy per coding.
    reply.headers({ ...HEADERS_OF[representation], 'cache-control': CACHE_CONTROL, vary: 'Accept-Encoding' });
    if (rendered.etag) reply.header('etag', rendered.etag);
    if (rendered.etag && ifNoneMatchHits(request.headers['if-none-match'], rendered.etag)) {
      await reply.status(304).send();
      return;
    }
    const coding = rendered.body.length >= COMPRESSION_THRESHOLD_BYTES ? preferredCoding(request.headers['accept-encoding']) : undefined;
    if (!coding) {
      await reply.type(rendered.contentType).send(rendered.body);
      return;
    }
    // The global compression leaves an answer alone once it has a Content-Encoding.
    await reply.type(rendered.contentType).header('content-encoding', coding).send(await this.compressedOnce(rendered, coding));
  }

  private compressedOnce(rendered: RenderedView, coding: ContentCoding): Promise<Buffer> {
    let codings = this.compressed.get(rendered);
    if (!codings) this.compressed.set(rendered, (codings = {}));
    let bytes = codings[coding];
    if (!bytes) {
      bytes = COMPRESS[coding](rendered.body);
      // A failure is not kept: the next viewer tries again.
      bytes.catch(() => delete codings[coding]);
      codings[coding] = bytes;
    }
    return bytes;
  }

  /** Counts the request against its address's public budget; answers 429 itself when that is used up. */
  private async admitted(request: FastifyRequest, reply: FastifyReply, representation: Representation): Promise<boolean> {
    const refusal = await this.limiter.hit(reply, this.limiter.trackerOf(request, undefined), this.window);
    if (!refusal) return true;
    await this.refuse(request, reply, representation, refusal);
    return false;
  }

  /** A 429: a short page for pages, problem+json otherwise. */
  private async refuse(request: FastifyRequest, reply: FastifyReply, representation: Representation, refusal: ProblemResponse): Promise<void> {
    reply.headers({ ...HEADERS_OF[representation], ...refusal.headers, 'cache-control': 'no-store' });
    if (representation === 'page' || representation === 'embed') {
      await reply.status(429).type('text/html; charset=utf-8').send(this.viewing.message('Too many requests', refusal.detail));
    } else {
      await reply.status(429).type(PROBLEM_CONTENT_TYPE).send(problemDocument(refusal, pathOf(request), request.id));
    }
  }

  /** The same answer for every share id that leads nowhere: it never says whether something existed. */
  private async notFound(reply: FastifyReply, representation: Representation): Promise<void> {
    reply.headers({ ...HEADERS_OF[representation], 'cache-control': 'no-store' });
    if (representation === 'page' || representation === 'embed') {
      await reply.status(404).type('text/html; charset=utf-8').send(this.viewing.notFoundPage());
      return;
    }
    const problem = { code: 'not_found' as const, detail: 'No shared tournament or league has this link.' };
    await reply.status(404).type(PROBLEM_CONTENT_TYPE).send(problemDocument(problem, pathOf(reply.request), reply.request.id));
  }
}

function queryOf(request: FastifyRequest): Record<string, string | string[] | undefined> {
  return (request.query ?? {}) as Record<string, string | string[] | undefined>;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}
