import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Why a sign-in on the account pages failed; a small closed set, so the label stays cheap. One reason for both
 * bad credentials, as the page itself gives one message for an unknown email and a wrong password.
 */
export type SignInFailureReason = 'invalid_credentials' | 'throttled';
const SIGN_IN_FAILURE_REASONS: readonly SignInFailureReason[] = ['invalid_credentials', 'throttled'];

/** What the connection pool reports when scraped. */
export interface PoolStatistics {
  max: number;
  open: number;
  inUse: number;
  waiting: number;
}

/** Latency buckets in seconds: most API requests take a few milliseconds, a slow database query up to seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Requests that matched no route share one label value, so random paths cannot grow the series without bound. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The service's Prometheus metrics, one registry per application instance
 * (tests build several). Other modules inject this class and call its small
 * methods; the children of labelled metrics are cached so that counting a
 * request costs one Map lookup and two additions.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly rateLimitRejections: Counter<'caller'>;
  private readonly rateLimitLocalFallback: Counter;
  private readonly signInFailures: Counter<'reason'>;
  private readonly tokenCacheLookups: Counter<'result'>;
  private readonly requestChildren = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<'method' | 'route'> }>();
  private poolStatistics: () => PoolStatistics | undefined = () => undefined;

  constructor(options: { processMetrics: boolean }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template, method and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by route template and method.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rateLimitRejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 because the budget was used up, by kind of caller (account or client address).',
      labelNames: ['caller'],
      registers,
    });
    this.rateLimitLocalFallback = new Counter({
      name: 'rate_limit_local_fallback_total',
      help: 'Requests counted in this instance\'s memory because the shared rate-limit storage (Redis) did not answer.',
      registers,
    });
    this.signInFailures = new Counter({
      name: 'sign_in_failures_total',
      help: 'Failed sign-ins on the account pages, by reason.',
      labelNames: ['reason'],
      registers,
    });
    this.tokenCacheLookups = new Counter({
      name: 'token_cache_lookups_total',
      help: 'Bearer token lookups answered from the principal cache (hit) or the database (miss).',
      labelNames: ['result'],
      registers,
    });
    // Series that exist from the start, so rate() and alerts work before the first event.
    for (const caller of ['account', 'address']) this.rateLimitRejections.labels(caller).inc(0);
    for (const reason of SIGN_IN_FAILURE_REASONS) this.signInFailures.labels(reason).inc(0);
    for (const result of ['hit', 'miss']) this.tokenCacheLookups.labels(result).inc(0);
    this.registerPoolGauges(registers);
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request. `route` is the template (`/api/v1/tournaments/:id`), never the raw path. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const template = route ?? UNMATCHED_ROUTE;
    const key = `${method} ${template} ${status}`;
    let children = this.requestChildren.get(key);
    if (!children) {
      children = { count: this.requests.labels(method, template, String(status)), latency: this.latency.labels(method, template) };
      this.requestChildren.set(key, children);
    }
    children.count.inc();
    children.latency.observe(seconds);
  }

  rateLimitRejected(caller: 'account' | 'address'): void {
    this.rateLimitRejections.labels(caller).inc();
  }

  rateLimitCountedLocally(): void {
    this.rateLimitLocalFallback.inc();
  }

  /** For the account pages (sign-in form): call once per refused sign-in. */
  signInFailed(reason: SignInFailureReason): void {
    this.signInFailures.labels(reason).inc();
  }

  /** For the principal cache in front of token lookups. */
  tokenCacheHit(): void {
    this.tokenCacheLookups.labels('hit').inc();
  }

  tokenCacheMiss(): void {
    this.tokenCacheLookups.labels('miss').inc();
  }

  /** Where the pool gauges read their numbers at scrape time. */
  watchPool(statistics: () => PoolStatistics | undefined): void {
    this.poolStatistics = statistics;
  }

  /** The exposition text and its content type, for the /metrics endpoint. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private registerPoolGauges(registers: Registry[]): void {
    const statistics = () => this.poolStatistics();
    const gauge = (name: string, help: string, read: (stats: PoolStatistics) => number) =>
      new Gauge({
        name,
        help,
        registers,
        // prom-client calls collect with the gauge as `this`, at scrape time only.
        collect(this: Gauge) {
          const stats = statistics();
          if (stats) this.set(read(stats));
        },
      });
    gauge('db_pool_max', 'Largest number of connections the pool may open (DATABASE_POOL_SIZE).', (s) => s.max);
    gauge('db_pool_size', 'Connections the pool holds open now, in use or idle.', (s) => s.open);
    gauge('db_pool_in_use', 'Connections lent to a query or transaction now, those kept between statements included.', (s) => s.inUse);
    gauge('db_pool_waiting', 'Queries waiting for a free connection now.', (s) => s.waiting);
  }
}
