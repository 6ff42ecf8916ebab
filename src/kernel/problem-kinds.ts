/**
 * The codes of the kernel's own errors (state machines, locked fields, share links), which several modules raise.
 * Plain data, with the explanation /docs shows: the platform registers them in the problem catalogue.
 */
export const KERNEL_PROBLEM_KINDS = {
  invalid_state_transition: {
    status: 409,
    title: 'Invalid state transition',
    guide: 'The requested `status` cannot be reached from the current one (or the current status forbids the operation). `allowed_transitions` lists the statuses you can move to now.',
  },
  field_locked: {
    status: 409,
    title: 'Field locked',
    guide: 'The tournament is `in_progress` or later: only its `name`, `description`, `metadata` and `status` may still change, and only a participant’s `name` and `metadata`. `locked_fields` names the others; leave them out of the patch.',
  },
  not_shared: {
    status: 409,
    title: 'Not shared',
    guide: 'The tournament or league is `private`: it has no share link to rotate. PATCH `visibility` to `unlisted` to create one.',
  },
} as const;
