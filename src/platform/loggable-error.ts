/** An unexpected error as a log line may carry it. */
export interface LoggableError {
  message: string;
  stack?: string;
}

/** The fields PostgreSQL's errors carry (through pg, and copied by MikroORM's DriverException). */
interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * What an unexpected error logs. A database error's message and stack carry the failed statement with its
 * bound values and PostgreSQL's "Failing row contains (…)": customers' names, emails, password hashes. For
 * those only the kind, the SQLSTATE and the constraint or table it names are kept, with the stack's frames.
 */
export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, constraint, table } = error as Error & DatabaseErrorFields;
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  const names = [`SQLSTATE ${code}`, typeof constraint === 'string' && `constraint ${constraint}`, typeof table === 'string' && `table ${table}`];
  return {
    message: `${error.name} (${names.filter(Boolean).join(', ')})`,
    stack: error.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  };
}
