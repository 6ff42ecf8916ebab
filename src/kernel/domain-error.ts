/**
 * Errors the use cases raise. Each carries a stable `code` that clients can
 * switch on; the HTTP layer maps the kind to a status, so services never know
 * about HTTP.
 */
export abstract class DomainError extends Error {
  /** Extra members for the problem document, such as `allowed_transitions`. */
  readonly extensions: Record<string, unknown>;

  protected constructor(
    readonly code: string,
    message: string,
    extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.extensions = extensions;
  }
}

/** The thing does not exist, or belongs to another account: the caller cannot tell which. */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('not_found', `${what} was not found.`);
  }
}

/** The request is well formed but clashes with the current state (409). */
export class ConflictError extends DomainError {
  constructor(code: string, message: string, extensions: Record<string, unknown> = {}) {
    super(code, message, extensions);
  }
}

/** A client's precondition (If-Match) no longer holds (412). */
export class PreconditionFailedError extends DomainError {
  constructor(message = 'The resource has changed since you last read it; fetch it again and retry.') {
    super('precondition_failed', message);
  }
}

export interface FieldProblem {
  /** JSON Pointer into the request body, such as `/starts_at`. */
  pointer: string;
  detail: string;
}

/** The body breaks a rule (422); lists every offending field. */
export class InvalidError extends DomainError {
  constructor(
    readonly fieldProblems: FieldProblem[],
    code = 'validation_failed',
    message = 'The request body is not valid.',
  ) {
    super(code, message, { errors: fieldProblems });
  }

  static field(pointer: string, detail: string): InvalidError {
    return new InvalidError([{ pointer, detail }]);
  }
}

export interface ParameterProblem {
  /** The query parameter's name, such as `cursor`. */
  parameter: string;
  detail: string;
}

/** A query parameter is unknown, out of range or malformed (400); lists the offending parameters. */
export class InvalidParameterError extends DomainError {
  constructor(
    readonly parameterProblems: ParameterProblem[],
    message: string,
  ) {
    super('invalid_parameter', message, { errors: parameterProblems });
  }
}

/** The caller is known but may not use this (403). */
export class ForbiddenError extends DomainError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}

/** The caller could not be identified (401); `challenge` goes to WWW-Authenticate. */
export class UnauthenticatedError extends DomainError {
  constructor(
    code: 'unauthenticated' | 'invalid_token',
    readonly challenge: string,
  ) {
    super(
      code,
      code === 'unauthenticated'
        ? 'Send your API token in the Authorization header: "Authorization: Bearer <API_TOKEN>".'
        : 'The API token is not valid. It may have been mistyped, revoked or replaced by a newer one.',
    );
  }
}

/** A dependency the service needs (the database) is down (503). */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'The service is temporarily unable to reach its database. Retry shortly.',
    readonly retryAfterSeconds = 5,
  ) {
    super('service_unavailable', message);
  }
}
