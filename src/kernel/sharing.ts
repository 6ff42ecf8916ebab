import { randomBytes } from 'node:crypto';
import { ConflictError } from './domain-error';

/**
 * Who may view a tournament or a league without its account's token: nobody (`private`, the default), or anyone
 * holding its share link (`unlisted`). The share id is not the resource id and is never derived from it.
 */
export const VISIBILITIES = ['private', 'unlisted'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** 16 random bytes (128 bits) as 22 base64url characters: unguessable, and safe in a path without escaping. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** A well-formed share id; anything else is answered like an unknown one, without a lookup. */
export function isShareId(value: string): boolean {
  return SHARE_ID.test(value);
}

/** The share id that goes with a visibility: kept while unlisted, created on becoming unlisted, dropped when private. */
export function shareIdFor(visibility: Visibility, current: string | null): string | null {
  if (visibility === 'private') return null;
  return current ?? newShareId();
}

/** A resource that may be viewed by its share link. */
export interface Shareable {
  visibility: Visibility;
  shareId: string | null;
  updatedAt: Date;
}

/** A new share link replaces the old one, which stops working at once; `what` (`The league`) names a private one in the refusal. */
export function rotateShareLink(resource: Shareable, what: string, now: Date): void {
  if (resource.visibility === 'private') throw new NotSharedError(what);
  resource.shareId = shareIdFor(resource.visibility, null);
  resource.updatedAt = now;
}

/** Rotating needs a share link to replace. */
export class NotSharedError extends ConflictError {
  constructor(what: string) {
    super('not_shared', `${what} is private: it has no share link to rotate. PATCH visibility to unlisted to create one.`, {
      visibility: 'private',
    });
  }
}
