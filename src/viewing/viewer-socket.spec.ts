import { createServer, get, Server } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { sseFrame, ViewerSocket } from './viewer-socket';

/** A server whose every request is a stream of two frames, then its end. */
function streamingServer(): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const viewer = new ViewerSocket(response, request.method ?? 'GET', 1024 * 1024);
    viewer.write(sseFrame('data: one\n\n'));
    viewer.end(sseFrame('data: two é\n\n'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The raw bytes a client sends and gets back on one connection. */
function raw(port: number, requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(requestText));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('ViewerSocket', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = await streamingServer();
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes frames an HTTP/1.1 client reads as the body of a chunked response, which then ends cleanly', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      }).on('error', reject);
    });
    expect(body).toBe('data: one\n\ndata: two é\n\n');
  });

  it('frames each message as one chunk on the wire, and writes them unframed to an HTTP/1.0 client', async () => {
    const chunked = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(chunked).toMatch(/transfer-encoding: chunked/i);
    // 11 and 14 bytes (é is two): the chunk sizes in hex.
    expect(chunked.endsWith('\r\n\r\nb\r\ndata: one\n\n\r\ne\r\ndata: two é\n\n\r\n0\r\n\r\n')).toBe(true);
    const plain = await raw(port, 'GET / HTTP/1.0\r\n\r\n');
    expect(plain).not.toMatch(/transfer-encoding/i);
    expect(plain.endsWith('\r\n\r\ndata: one\n\ndata: two é\n\n')).toBe(true);
  });

  it('sends no body to a HEAD request', async () => {
    const head = await raw(port, 'HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1.1 200/);
    expect(head).not.toContain('data:');
  });
});
