import { createServer, IncomingMessage, request as httpRequest, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  path: string;
  lastEventId?: string;
  status: number;
  at: number;
}

/**
 * A reverse proxy on 127.0.0.1 in front of the test app, as HAProxy is during a rolling upgrade: it passes
 * requests through, or, once told to fail, cuts the streams it holds and answers every request with a status of
 * its own (503, 429 with Retry-After…) until it is told to pass again.
 */
export class FlakyProxy {
  /** Every request to a live stream (`…/events`), in order, with what it was answered. */
  readonly streamRequests: ProxiedRequest[] = [];
  private failing: { status: number; headers: Record<string, string> } | null = null;
  private readonly open = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<FlakyProxy> {
    const server = createServer();
    const proxy = new FlakyProxy(server, targetPort);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => proxy.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From now on every request gets `status`; the streams open through the proxy are cut. */
  fail(status: number, headers: Record<string, string> = {}): void {
    this.failing = { status, headers };
    for (const response of this.open) response.destroy();
    this.open.clear();
  }

  pass(): void {
    this.failing = null;
  }

  /** The stream requests answered `status` so far. */
  answered(status: number): ProxiedRequest[] {
    return this.streamRequests.filter((request) => request.status === status);
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    const record = (status: number) => {
      if (path.split('?')[0].endsWith('/events')) {
        const lastEventId = request.headers['last-event-id'];
        this.streamRequests.push({ path, lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined, status, at: Date.now() });
      }
    };
    if (this.failing) {
      record(this.failing.status);
      response.writeHead(this.failing.status, { 'content-type': 'text/plain', ...this.failing.headers });
      response.end('upstream unavailable');
      return;
    }
    const upstream = httpRequest({ host: '127.0.0.1', port: this.targetPort, method: request.method, path, headers: request.headers }, (answer) => {
      record(answer.statusCode ?? 0);
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    this.open.add(response);
    response.on('close', () => {
      this.open.delete(response);
      upstream.destroy();
    });
    request.pipe(upstream);
  }
}
