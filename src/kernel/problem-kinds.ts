/**
 * The codes of the kernel's own errors (state machines, locked fields, share links), which several modules raise.
 * Plain data: the platform registers them in the problem catalogue with their HTTP status.
 */
export const KERNEL_PROBLEM_KINDS = {
  invalid_state_transition: { status: 409, title: 'Invalid state transition' },
  field_locked: { status: 409, title: 'Field locked' },
  not_shared: { status: 409, title: 'Not shared' },
} as const;
