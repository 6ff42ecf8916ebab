import { API_HEADERS, ApiDocs, headerRefs } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { InvalidTokenError, MissingTokenError, SubscriptionRequiredError } from './domain/account-errors';
import './tokens.problems';

/** The refusals of the bearer guard, which every authenticated operation can answer (the kernel refers to them). */
export function tokensApiDocs(): ApiDocs {
  return {
    tags: [],
    paths: {},
    components: {
      responses: {
        Unauthenticated: problemResponse(
          'No token, or a token that is unknown, malformed, revoked or replaced by a newer one.',
          '/api/v1/tournaments',
          [new MissingTokenError(), new InvalidTokenError()],
          { ...headerRefs('WWW-Authenticate'), ...API_HEADERS },
        ),
        SubscriptionRequired: problemResponse('The token is valid but its account is not on the premium plan.', '/api/v1/tournaments', [new SubscriptionRequiredError()], API_HEADERS),
      },
    },
  };
}
