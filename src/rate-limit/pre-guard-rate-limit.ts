import { Injectable, OnModuleInit } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../platform/auth/public.decorator';
import { PreGuardAccounting } from '../platform/http/pre-guard-accounting';
import type { ProblemResponse } from '../platform/http/problem';
import { RouteTable } from '../platform/http/route-table';
import { CallerIdentification } from '../tokens';
import { RateLimiter } from './rate-limiter';

/**
 * The API's paths, also as a careless or probing client spells them (`//api/v1/…`,
 * `/API/V1/…`): those are 404s, but they spend the budget like other refusals.
 * Health probes and /docs live outside it.
 */
const API_PATH = /^\/+api\/v1(\/|$)/i;

/**
 * Rate limiting for requests refused before the guards ran: an unknown path
 * or method (404, 405) or an unreadable body (400, 413, 415) under /api/v1.
 * They count against the same budget as the guard would pick (the account of a
 * valid bearer token, else the client address), carry the same headers, and
 * become 429 once the budget is used up. Paths served by @Public() routes stay
 * unlimited whatever the method (wrong-method requests have no handler to ask).
 */
@Injectable()
export class PreGuardRateLimit extends PreGuardAccounting implements OnModuleInit {
  private readonly publicRoutes = new RouteTable();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly callers: CallerIdentification,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {
    super();
  }

  /** Collects the @Public() routes' paths (this application has no global prefix, versioning or RouterModule). */
  onModuleInit(): void {
    for (const { metatype } of this.discovery.getControllers()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, () => unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, metatype]) !== true) continue;
        for (const base of paths(Reflect.getMetadata(PATH_METADATA, metatype))) {
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler))) this.publicRoutes.add('GET', joinPaths(base, path));
        }
      }
    }
  }

  async account(request: FastifyRequest, reply: FastifyReply): Promise<ProblemResponse | undefined> {
    if (this.limiter.wasGuarded(request) || !this.isLimited(request)) return undefined;
    const account = await this.callers.account(request);
    return this.limiter.hit(reply, this.limiter.trackerOf(request, account?.id));
  }

  private isLimited(request: FastifyRequest): boolean {
    const path = request.url.split('?')[0];
    return API_PATH.test(path) && this.publicRoutes.allowedMethods(path).length === 0;
  }
}

function paths(metadata: unknown): string[] {
  return metadata === undefined ? ['/'] : ([] as string[]).concat(metadata as string | string[]);
}

function joinPaths(...segments: string[]): string {
  return `/${segments.map((segment) => segment.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
}
