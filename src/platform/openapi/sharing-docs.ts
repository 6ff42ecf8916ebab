import type { SchemaObject } from 'openapi3-ts/oas31';

/** What `visibility` and `share_id` mean, the same for tournaments and leagues. */
export const SHARING_DOCS = {
  visibility:
    '`private` (default): only your token reads it. `unlisted`: anyone with its share link can view it, read-only and without a token, ' +
    'at `/v/{share_id}` (page), `/v/{share_id}/embed` (for an iframe), `/v/{share_id}.json` and, for a tournament, `/v/{share_id}/bracket.svg` ' +
    'and `/v/{share_id}/standings.svg`. Becoming `unlisted` creates a `share_id`; back to `private` deletes it (the links stop working).',
  shareId: {
    type: ['string', 'null'],
    minLength: 22,
    maxLength: 22,
    pattern: '^[A-Za-z0-9_-]{22}$',
    readOnly: true,
    description:
      'While `unlisted`: the id in its share links, 128 random bits (not the resource id). `POST …/share/rotate` replaces it; the old links stop working at once. `null` while `private`.',
  } satisfies SchemaObject,
};
