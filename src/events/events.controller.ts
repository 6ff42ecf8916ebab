import { RequestValidationPipe } from '../platform/http/request-validation.pipe';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../platform/http/error-translation';
import { AuthenticatedAccount } from '../tokens';
import { tokenDigest } from '../tokens';
import { CurrentAccount } from '../tokens';
import { ListEventsQuery, SEQUENCE, StreamEventsQuery } from './dto/events.query';
import { presentEvent } from './dto/event.presenter';
import { ResponseSink } from './dto/response-sink';
import { EventStreams } from './event-streams.service';
import { EventsService } from './events.service';

@Controller('/api/v1/events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly streams: EventStreams,
  ) {}

  /** The replayable feed: the account's events after `after`, oldest first. */
  @Get()
  async feed(@CurrentAccount() account: AuthenticatedAccount, @Query(RequestValidationPipe) query: ListEventsQuery) {
    const page = await this.events.page(account.id, { after: query.afterSequence(), filters: query.filters(), limit: query.pageSize() });
    return { data: page.events.map(presentEvent), next_after: page.nextAfter };
  }

  /**
   * The live stream (Server-Sent Events): what the account missed after Last-Event-ID (or `after`), then every
   * new event as it commits, on any instance. Refusals (406, 410, 429) are ordinary problem responses; once
   * admitted, the response is the stream's.
   */
  @Get('stream')
  async stream(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query(RequestValidationPipe) query: StreamEventsQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!acceptsEventStream(request.headers.accept)) {
      throw new HttpProblem({ code: 'not_acceptable', detail: 'This resource is a text/event-stream: send Accept: text/event-stream.' });
    }
    const start = await this.events.streamStart(account.id, lastEventId(request) ?? query.afterSequence());
    // From the admission to open() nothing is awaited, so concurrent opens cannot pass the limit together.
    this.streams.admit(account.id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // Tells EventSource clients how long to wait before reconnecting, and gets the headers out at once.
    // HEAD learns the headers; only GET gets a stream.
    if (request.method === 'HEAD') {
      raw.end();
      return;
    }
    raw.write('retry: 1000\n\n');
    this.streams.open(
      { accountId: account.id, credential: tokenDigest(bearerToken(request)), filters: query.filters(), after: start.after, head: start.head },
      new ResponseSink(raw),
    );
  }
}

function acceptsEventStream(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => ['text/event-stream', 'text/*', '*/*'].includes(range.split(';')[0].trim().toLowerCase()));
}

/** A reconnecting client's position; a malformed one is refused rather than silently replaying from the start. */
function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined) return undefined;
  const value = String(header).trim();
  if (!SEQUENCE.test(value)) throw new HttpProblem({ code: 'malformed_request', detail: 'Last-Event-ID must be an event sequence: a whole number from 0.' });
  return Number(value);
}

/** The bearer guard has accepted this request's token; the stream remembers its digest to end when it stops working. */
function bearerToken(request: FastifyRequest): string {
  return (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
}
