import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger as PinoLogger } from 'pino';
import { ServiceUnavailableError } from '../../kernel/domain-error';
import { HttpProblem } from './error-translation';
import { BODY_LIMIT_BYTES, bodyLimitFor, registerBodyParsing } from './body-parsing';
import { FrameworkRefusals, onClientError } from './framework-refusals';
import { requestIdFor } from './request-id';
import { AccessLog } from './access-log';
import { RequestLogger } from './request-logger';
import { RouteTable } from './route-table';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by CallerIdentification (API) or the page guard (account pages) once the caller is known; logged with the request. */
    accountId?: string;
  }
}

export interface HttpServerOptions {
  logger: PinoLogger;
  trustProxy: string | undefined;
  routes: RouteTable;
  refusals: FrameworkRefusals;
}

/** The Fastify instance under Nest, with the cross-cutting hooks every route shares. */
export function createHttpAdapter(options: HttpServerOptions): FastifyAdapter {
  const adapter = new FastifyAdapter({
    loggerInstance: options.logger,
    // Our onResponse hook writes the one line per request; Fastify's own two lines are off.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdFor,
    childLoggerFactory: (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) => new RequestLogger(logger as PinoLogger, bindings, options),
    trustProxy: parseTrustProxy(options.trustProxy),
    forceCloseConnections: 'idle',
    // Our onRequest hook answers requests that arrive while closing, as problem+json.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Node would answer a request without Host a bare 400 with no body; our onRequest hook refuses it as problem+json.
    http: { requireHostHeader: false },
    frameworkErrors: options.refusals.refuse as FastifyServerOptions['frameworkErrors'],
    clientErrorHandler: onClientError,
  });
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    options.routes.add(route.method, route.url);
    // A route's own limit wins over the parser's (Fastify passes it to the parser as the limit).
    route.bodyLimit = bodyLimitFor(route.url);
  });
  let closing = false;
  const unused = trackUnusedConnections(fastify.server);
  fastify.addHook('preClose', (done) => {
    closing = true;
    unused.closeAll();
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
    // A response to a token holder is theirs alone: no shared or browser cache may keep it.
    if (request.headers.authorization !== undefined) reply.header('cache-control', 'no-store');
    if (lacksRequiredHost(request)) return done(missingHost());
    // A request pipelined on a connection that was busy when shutdown began: another instance can take it.
    done(closing ? new ServiceUnavailableError('The service is shutting down. Retry on another instance.', 1) : undefined);
  });
  // Requests in flight when shutdown began end their connection, so no keep-alive socket holds the process open.
  fastify.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
  const accessLog = new AccessLog(options.logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? null;
    accessLog.completed({
      requestId: request.id,
      method: request.method,
      route,
      path: route === null ? unmatchedPath(request.url) : undefined,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      accountId: request.accountId ?? null,
    });
    done();
  });
  registerBodyParsing(fastify);
  return adapter;
}

/**
 * Connections that have not sent a byte yet (a client or proxy opened them ahead of need). Node's
 * closeIdleConnections, which `forceCloseConnections: 'idle'` calls, counts such a connection as awaiting its first
 * request and leaves it open: shutdown then waited for it the whole grace period. `closeAll` closes them, and any
 * connection that arrives after it; one with part of a request in it is left to finish.
 */
function trackUnusedConnections(server: Server): { closeAll(): void } {
  const connections = new Set<Socket>();
  let closed = false;
  server.on('connection', (socket: Socket) => {
    if (closed) return void socket.destroy();
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return {
    closeAll() {
      closed = true;
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}

/** The path of a request no route matched, without its query string, and bounded: a client chooses it. */
function unmatchedPath(url: string): string {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).slice(0, 200);
}

function missingHost(): HttpProblem {
  return new HttpProblem({ code: 'malformed_request', detail: 'The request has no Host header, which HTTP/1.1 requires.' });
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); HTTP/1.0 did not, and Node did not ask it of 1.0 either. */
function lacksRequiredHost(request: FastifyRequest): boolean {
  const { httpVersionMajor, httpVersionMinor } = request.raw;
  return httpVersionMajor === 1 && httpVersionMinor === 1 && request.headers.host === undefined;
}

/** TRUST_PROXY: unset or "false" ignores X-Forwarded-For; "true", a hop count, or a list of addresses/CIDRs trusts it. */
export function parseTrustProxy(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  // Fastify 5.12 trusts no proxy for a bare number (a hop count cannot vouch for the socket's peer); the count keeps
  // its documented meaning as the function Fastify used to make of it: the nearest `hops` addresses are proxies.
  if (/^\d+$/.test(value)) return trustNearest(Number(value));
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function trustNearest(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
