import { decideAfterAttempt, DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from './retry-schedule';

const failure = { ok: false as const, statusCode: 500, error: 'answered 500' };
const mid = () => 0.5;

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h between eight attempts, then gives up', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempts) => nextAttemptAt(attempts, now, mid)!.getTime() - now.getTime());
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(nextAttemptAt(8, now, mid)).toBeUndefined();
  });

  it('jitters each wait by at most 10 %', () => {
    const now = new Date(0);
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      expect(nextAttemptAt(index + 1, now, () => 0)!.getTime()).toBe(Math.round(delay * 0.9));
      expect(nextAttemptAt(index + 1, now, () => 0.999999)!.getTime()).toBeLessThanOrEqual(Math.round(delay * 1.1));
    }
  });

  it('follows a delivery that always fails through the whole schedule on a fake clock, and marks it failed at the end', () => {
    let clock = new Date('2026-05-01T00:00:00Z').getTime();
    let failingSince: Date | null = null;
    const attemptsAt: number[] = [];
    for (let attempts = 1; ; attempts++) {
      attemptsAt.push(clock);
      const decision = decideAfterAttempt(attempts, failure, failingSince, new Date(clock), mid);
      failingSince = decision.failingSince;
      if (decision.status === 'failed') {
        expect(attempts).toBe(8);
        expect(decision.disableReason).toBeUndefined();
        break;
      }
      expect(decision.status).toBe('pending');
      clock = decision.nextAttemptAt!.getTime();
    }
    expect((attemptsAt[7] - attemptsAt[0]) / 3_600_000).toBeCloseTo(27 + 35 / 60 + 5 / 3600, 5);
    expect(failingSince).toEqual(new Date(attemptsAt[0]));
  });

  it('clears the failing streak on success', () => {
    expect(decideAfterAttempt(3, { ok: true, statusCode: 204 }, new Date(0), new Date(1_000))).toEqual({ status: 'succeeded', failingSince: null });
  });

  it('disables the endpoint at once on 410 Gone', () => {
    const decision = decideAfterAttempt(1, { ok: false, statusCode: 410, error: 'answered 410' }, null, new Date(0));
    expect(decision).toMatchObject({ status: 'failed', disableReason: expect.stringContaining('410') });
  });

  it('disables an endpoint whose every attempt failed for 5 days, not sooner', () => {
    const since = new Date('2026-05-01T00:00:00Z');
    const justBefore = new Date(since.getTime() + DISABLE_AFTER_FAILING_MS - 1);
    expect(decideAfterAttempt(2, failure, since, justBefore, mid).disableReason).toBeUndefined();
    const fiveDays = new Date(since.getTime() + DISABLE_AFTER_FAILING_MS);
    expect(decideAfterAttempt(2, failure, since, fiveDays, mid)).toMatchObject({ status: 'pending', disableReason: expect.stringContaining('5 days') });
  });
});
