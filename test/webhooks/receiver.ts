import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
  /** Arrival order across every receiver of this process (recorded before the answer, so it follows causes). */
  order: number;
}

let arrivals = 0;

export type Behaviour = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export const answer200: Behaviour = (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');

/** A local webhook receiver on a free port of 127.0.0.1 that records what reaches it. */
export class Receiver {
  readonly received: Received[] = [];
  behaviour: Behaviour;
  private constructor(
    private readonly server: Server,
    behaviour: Behaviour,
  ) {
    this.behaviour = behaviour;
  }

  static async start(behaviour: Behaviour = answer200): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server, behaviour);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        receiver.received.push({ headers: request.headers, body, at: Date.now(), order: ++arrivals });
        receiver.behaviour(request, response, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  events(): { id: string; sequence: number | null; type: string }[] {
    return this.received.map((r) => JSON.parse(r.body) as { id: string; sequence: number | null; type: string });
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`receiver got ${this.received.length} of ${count} requests in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
