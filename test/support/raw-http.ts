import { connect, Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 connection: for what fetch hides (keep-alive, pipelining, malformed requests). */
export class RawConnection {
  private received = '';
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => (this.received += chunk.toString()));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  write(text: string): void {
    this.socket.write(text);
  }

  get isClosed(): boolean {
    return this.socket.destroyed || this.socket.readyState === 'closed';
  }

  /** Waits until `count` complete responses (Content-Length framed) have arrived, or the connection closed. */
  async responses(count: number, timeoutMs = 10_000): Promise<RawResponse[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponses(this.received);
      if (parsed.length >= count || this.isClosed || Date.now() > deadline) return parsed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** One complete request and the whole answer, on a connection of its own. */
export async function rawExchange(port: number, request: string): Promise<RawResponse> {
  const connection = await RawConnection.open(port);
  connection.write(request);
  await connection.closed;
  return (await connection.responses(1))[0];
}

function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return responses;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = Buffer.from(rest.slice(end + 4));
    if (body.length < length) return responses;
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString() });
    rest = body.subarray(length).toString();
  }
}
