/**
 * The Standard Webhooks retry schedule: the first attempt at once, then these waits between attempts. A delivery
 * that fails them all is given up (`failed`).
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** ±10 %: endpoints failing together do not all come back at the same instant. */
const JITTER = 0.1;

/** When to try again after `attempts` failed attempts, or undefined when they are all spent. `random` is in [0, 1). */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const jittered = delay * (1 + JITTER * (2 * random() - 1));
  return new Date(now.getTime() + Math.round(jittered));
}

export type AttemptOutcome =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode?: number; error: string };

export interface AttemptDecision {
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt?: Date;
  /** Set: the endpoint is disabled for this reason. */
  disableReason?: string;
  /** The endpoint's failing_since after this attempt (null: healthy). */
  failingSince: Date | null;
}

/**
 * What follows one attempt: success clears the endpoint's failing streak; 410 Gone disables it at once; any other
 * failure is retried on the schedule, and an endpoint that has failed every attempt for 5 days is disabled.
 */
export function decideAfterAttempt(
  attempts: number,
  outcome: AttemptOutcome,
  failingSince: Date | null,
  now: Date,
  random: () => number = Math.random,
): AttemptDecision {
  if (outcome.ok) return { status: 'succeeded', failingSince: null };
  const since = failingSince ?? now;
  if (outcome.statusCode === 410) return { status: 'failed', disableReason: 'The endpoint answered 410 Gone.', failingSince: since };
  const next = nextAttemptAt(attempts, now, random);
  const disableReason =
    now.getTime() - since.getTime() >= DISABLE_AFTER_FAILING_MS ? `Every delivery attempt failed for 5 days (last: ${outcome.error}).` : undefined;
  return next ? { status: 'pending', nextAttemptAt: next, disableReason, failingSince: since } : { status: 'failed', disableReason, failingSince: since };
}
