import type { FastifyInstance } from 'fastify';
import { AppMetrics } from './app-metrics';

/** Counts every answered request by route template, method and status, and records its latency. */
export function countRequests(fastify: FastifyInstance, metrics: AppMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
