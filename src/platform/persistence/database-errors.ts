/**
 * Recognises "the database is not there" among driver and pool errors, so the
 * HTTP layer can answer 503 (retry later) instead of 500 (our bug).
 */
const UNAVAILABLE_SQLSTATE_PREFIXES = ['08', '57P', '53'];
// 57014: a statement cancelled by statement_timeout (a lock waited for past the bound included); 25P03: a transaction
// ended by idle_in_transaction_session_timeout; 55P03: a lock not granted in time (lock_timeout, NOWAIT); 40P01: a
// deadlock PostgreSQL broke by cancelling this side. Each ends the transaction, and a retry can succeed.
const UNAVAILABLE_SQLSTATES = new Set(['3D000', '57014', '25P03', '55P03', '40P01']);
// 08P01 (protocol violation) is in class 08 but says we sent something malformed, such as a NUL inside a text
// parameter: our bug (500) or bad input caught too late, never a reason to tell the client to retry.
const NOT_AN_OUTAGE_SQLSTATES = new Set(['08P01']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES = [
  'Timeout acquiring a connection',
  'Connection terminated',
  'connection is closed',
  'Client has encountered a connection error',
  // pg, for a statement sent on a connection that was lost (mid-transaction included).
  'Client was closed and is not queryable',
  'the database system is shutting down',
  // pg's client-side query_timeout: the server did not answer in time (hung or overloaded).
  'Query read timeout',
  // pg's connectionTimeoutMillis: the server accepted the socket (or the kernel did) but never answered.
  'timeout expired',
];

// TransactionEndedBeforeStartError: see TransactionFailureSubscriber.
const UNAVAILABLE_ERROR_NAMES = new Set(['KnexTimeoutError', 'ConnectionException', 'TransactionEndedBeforeStartError']);

/** The one place that decides "the database is unavailable" (503 with Retry-After), for reads and transactional writes alike. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as { code?: unknown; sqlState?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  const sqlState = typeof candidate.sqlState === 'string' ? candidate.sqlState : candidate.code;
  if (typeof sqlState === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(sqlState) || UNAVAILABLE_NODE_CODES.has(sqlState)) return true;
    if (NOT_AN_OUTAGE_SQLSTATES.has(sqlState)) return false;
    if (/^[0-9A-Z]{5}$/.test(sqlState) && UNAVAILABLE_SQLSTATE_PREFIXES.some((prefix) => sqlState.startsWith(prefix))) return true;
  }
  if (UNAVAILABLE_ERROR_NAMES.has(candidate.name as string)) return true;
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((text) => (candidate.message as string).includes(text))) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

const VIOLATION_SQLSTATES = { unique: '23505', foreign_key: '23503' } as const;

/**
 * The name of the constraint (or unique index) a statement broke, when it broke one of this kind; undefined otherwise.
 * Adapters turn it into their domain's error (a name taken, a league still referenced).
 */
export function violatedConstraint(error: unknown, kind: keyof typeof VIOLATION_SQLSTATES): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === VIOLATION_SQLSTATES[kind] && typeof constraint === 'string' ? constraint : undefined;
}
