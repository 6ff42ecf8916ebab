import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const CRLF = Buffer.from('\r\n', 'latin1');

/**
 * A Server-Sent Events message encoded once for all its viewers: as is, and as one HTTP/1.1 chunk (size line, message,
 * CRLF), the form a chunked response carries it in on the wire.
 */
export interface SseFrame {
  readonly plain: Buffer;
  readonly chunked: Buffer;
}

export function sseFrame(text: string): SseFrame {
  const plain = Buffer.from(text, 'utf8');
  return { plain, chunked: Buffer.concat([Buffer.from(`${plain.length.toString(16)}\r\n`, 'latin1'), plain, CRLF]) };
}

/** What a live stream needs of its viewer's connection. */
export interface LiveViewer {
  /** Writes one frame now, never waits; a viewer gone or dropped ignores it. */
  write(frame: SseFrame): void;
  /** Ends the stream, after `frame` when given. */
  end(frame?: SseFrame): void;
}

/**
 * One viewer's open stream. Once its headers are out, frames go straight to its socket, framed already: one write
 * per viewer and frame, without the HTTP layer's chunk header, cork and next-tick flush per write, which for one
 * change sent to 5 000 viewers cost more than the writes themselves (docs/performance.md, "Many viewers"). A response
 * that does not own its socket yet (a request pipelined behind another) or has no body (HEAD) goes through the HTTP
 * layer as usual.
 */
export class ViewerSocket implements LiveViewer {
  private readonly socket: Socket | null;
  private readonly chunked: boolean;

  constructor(
    private readonly response: ServerResponse,
    method: string,
    /** A viewer that stops reading is dropped once this much waits for it (its page reconnects and catches up). */
    private readonly maxUnreadBytes: number,
  ) {
    response.flushHeaders();
    this.socket = method === 'GET' ? response.socket : null;
    this.chunked = response.chunkedEncoding;
  }

  write(frame: SseFrame): void {
    const socket = this.socket;
    if (!socket) {
      if (!this.response.writableEnded) this.response.write(frame.plain);
      return;
    }
    if (socket.destroyed || this.response.writableEnded) return;
    if (socket.writableLength > this.maxUnreadBytes) socket.destroy();
    else socket.write(this.chunked ? frame.chunked : frame.plain);
  }

  end(frame?: SseFrame): void {
    if (frame) this.write(frame);
    if (!this.response.writableEnded) this.response.end();
  }
}
