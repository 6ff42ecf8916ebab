import { ConflictError, ForbiddenError, InvalidError, NotFoundError, UnauthenticatedError } from '../../kernel/domain-error';

export class AccountNotFoundError extends NotFoundError {
  constructor(email: string) {
    super(`The account ${email}`);
  }
}

export class EmailTakenError extends ConflictError {
  constructor() {
    super('email_taken', 'An account with this email already exists.');
  }
}

export class InvalidAccountError extends InvalidError {}

/** The password given to confirm an action is not the account's. */
export class WrongPasswordError extends ForbiddenError {
  constructor() {
    super('wrong_password', 'The password is not correct.');
  }
}

/** The token changed since the form was shown (a second submission, or another tab): nothing was replaced. */
export class TokenChangedError extends ConflictError {
  constructor() {
    super('token_changed', 'The API token changed since this page was shown; nothing was replaced.');
  }
}

export const BEARER_REALM = 'Bearer realm="api"';

export class MissingTokenError extends UnauthenticatedError {
  constructor() {
    super('unauthenticated', BEARER_REALM);
  }
}

/** Unknown, malformed, revoked and replaced tokens all look the same from outside. */
export class InvalidTokenError extends UnauthenticatedError {
  constructor() {
    super('invalid_token', `${BEARER_REALM}, error="invalid_token"`);
  }
}

export class SubscriptionRequiredError extends ForbiddenError {
  constructor() {
    super('subscription_required', 'API access needs the premium plan. Subscribe on your account settings page, then retry.');
  }
}
