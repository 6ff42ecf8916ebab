import { request as httpRequest, IncomingMessage, ClientRequest } from 'node:http';

export interface StreamedEvent {
  id: number;
  data: { id: string; sequence: number; type: string; tournament_id: string | null; data: Record<string, unknown> };
}

/** A minimal Server-Sent Events client over node:http: collects events, can stop reading, reports the end. */
export class SseClient {
  readonly events: StreamedEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers: IncomingMessage['headers'] = {};
  ended = false;
  private buffer = '';
  private response: IncomingMessage | undefined;
  private request: ClientRequest | undefined;
  private readonly endWaiters: (() => void)[] = [];
  private readonly eventWaiters: { count: number; resolve: () => void }[] = [];

  static open(port: number, path: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        client.response = response;
        client.status = response.statusCode ?? 0;
        client.headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => client.receive(chunk));
        const end = () => client.finish();
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
        resolve(client);
      });
      client.request = request;
      request.on('error', (error) => (client.status ? client.finish() : reject(error)));
      request.end();
    });
  }

  /** The body read so far (for a refused stream: the problem document). */
  get text(): string {
    return this.buffer;
  }

  pause(): void {
    this.response?.pause();
  }

  resume(): void {
    this.response?.resume();
  }

  close(): void {
    this.request?.destroy();
    this.finish();
  }

  waitForEvents(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.events.length >= count) return Promise.resolve();
    return withTimeout(new Promise((resolve) => this.eventWaiters.push({ count, resolve })), timeoutMs, `${count} events (got ${this.events.length})`);
  }

  waitForEnd(timeoutMs = 10_000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return withTimeout(new Promise((resolve) => this.endWaiters.push(resolve)), timeoutMs, 'the stream to end');
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    if (this.status !== 200) return;
    let boundary: number;
    while ((boundary = this.buffer.indexOf('\n\n')) >= 0) {
      const message = this.buffer.slice(0, boundary);
      this.buffer = this.buffer.slice(boundary + 2);
      let id: number | undefined;
      let data = '';
      for (const line of message.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) id = Number(line.slice(4));
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (id !== undefined) this.events.push({ id, data: JSON.parse(data) as StreamedEvent['data'] });
    }
    for (const waiter of [...this.eventWaiters]) {
      if (this.events.length >= waiter.count) {
        this.eventWaiters.splice(this.eventWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const waiter of this.endWaiters.splice(0)) waiter();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))),
  ]);
}
