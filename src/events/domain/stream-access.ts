/**
 * What the event streams ask of the tokens module: an open stream was authenticated once, when it opened; it
 * must end when its token is replaced or revoked or its account loses API access.
 */
export abstract class StreamAccess {
  /** Of these credentials (token digests), those that still authenticate an account with API access. */
  abstract stillValid(credentials: string[]): Promise<Set<string>>;
}

/** Where a stream writes: the HTTP response, seen as a byte sink with a buffer. */
export interface StreamSink {
  /** Bytes written and not yet taken by the client. */
  readonly buffered: number;
  write(chunk: string | Buffer): void;
  /** Resolves true once the buffer has drained, false if it has not within `timeoutMs` (or the sink closed). */
  drained(timeoutMs: number): Promise<boolean>;
  end(): void;
  onClose(listener: () => void): void;
}
