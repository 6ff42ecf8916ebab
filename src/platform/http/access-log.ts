import pino, { Logger as PinoLogger } from 'pino';

/** What the one line per request says. */
export interface CompletedRequest {
  requestId: string;
  method: string;
  /** The route's template (`/api/v1/tournaments/:id`), or null when no route matched. */
  route: string | null;
  /** When no route matched: the path asked for (no query string), so a 404 says what was asked. */
  path?: string;
  status: number;
  durationMs: number;
  accountId: string | null;
}

const MESSAGE = 'request completed';
const symbols = pino.symbols;

/** The parts of a pino logger this line is made from (pino exports these symbols for integrations). */
interface PinoInternals {
  [symbols.lsCacheSym]: Record<number, string>;
  [symbols.timeSym]: () => string;
  [symbols.chindingsSym]: string;
  [symbols.endSym]: string;
  [symbols.streamSym]: { write(line: string): unknown; [symbols.needsMetadataGsym]?: boolean };
  [symbols.mixinSym]?: unknown;
  [symbols.formattersSym]: { log?: unknown };
  [symbols.hooksSym]: { streamWrite?: unknown };
  [symbols.messageKeySym]: string;
}

/**
 * The one line each request writes when it completes. Its fields are fixed, so it is written by code made for
 * them, as the very JSON pino would write (the logger's level label, time, bindings and message key, in pino's
 * order), and handed to the logger's destination. pino's general path walks the object, escapes every key and
 * stringifies each null: on a list page that was 4–5 % of the request's CPU. There is no redaction pass, as none
 * of these fields can hold a secret. A logger whose lines this cannot imitate (a mixin, a log formatter, a
 * stream-write hook, a destination that wants metadata) gets the line through pino as before.
 */
export class AccessLog {
  private readonly internals: PinoInternals;
  private readonly direct: boolean;
  private readonly infoLevel: number;
  /** Methods and route templates, as JSON strings: a handful of values, quoted once each. */
  private readonly quoted = new Map<string, string>();

  constructor(private readonly logger: PinoLogger) {
    const internals = (this.internals = logger as unknown as PinoInternals);
    this.infoLevel = logger.levels.values.info;
    this.direct =
      !internals[symbols.mixinSym] &&
      !internals[symbols.formattersSym].log &&
      !internals[symbols.hooksSym].streamWrite &&
      internals[symbols.messageKeySym] === 'msg' &&
      internals[symbols.streamSym][symbols.needsMetadataGsym] !== true;
  }

  completed(entry: CompletedRequest): void {
    if (!this.logger.isLevelEnabled('info')) return;
    if (!this.direct) {
      this.logger.info(
        { request_id: entry.requestId, method: entry.method, route: entry.route, path: entry.path, status: entry.status, duration_ms: entry.durationMs, account_id: entry.accountId },
        MESSAGE,
      );
      return;
    }
    const logger = this.internals;
    logger[symbols.streamSym].write(
      `${logger[symbols.lsCacheSym][this.infoLevel]}${logger[symbols.timeSym]()}${logger[symbols.chindingsSym]},"request_id":${jsonString(entry.requestId)},"method":${this.quote(entry.method)},"route":${entry.route === null ? 'null' : this.quote(entry.route)}${entry.path === undefined ? '' : `,"path":${jsonString(entry.path)}`},"status":${entry.status},"duration_ms":${jsonNumber(entry.durationMs)},"account_id":${entry.accountId === null ? 'null' : jsonString(entry.accountId)},"msg":"${MESSAGE}"${logger[symbols.endSym]}`,
    );
  }

  private quote(value: string): string {
    let quoted = this.quoted.get(value);
    if (quoted === undefined) {
      quoted = JSON.stringify(value);
      // Bounded: methods and templates are few, but a client chooses the method's spelling.
      if (this.quoted.size < 1_000) this.quoted.set(value, quoted);
    }
    return quoted;
  }
}

/** Printable ASCII but the quote and the backslash: the string is its own JSON body. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function jsonString(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** As pino writes a number: a non-finite one as null. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
