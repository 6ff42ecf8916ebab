import { AppConfig } from '../../config/app-config';
import { FormSubmissionThrottle } from './page-guards';
import { describeWait } from './page-refusals';

describe('FormSubmissionThrottle', () => {
  const throttle = () => new FormSubmissionThrottle(AppConfig.fromEnvironment({ ACCOUNT_PAGE_POSTS_PER_MINUTE: '3' }));

  it('admits 3 forms in any 60 s from one address, and says when the next one may come', () => {
    const forms = throttle();
    const t0 = 1_000_000;
    expect([forms.admit('a', t0), forms.admit('a', t0 + 10_000), forms.admit('a', t0 + 20_000)]).toEqual([0, 0, 0]);
    expect(forms.admit('a', t0 + 30_000)).toBe(30);
    expect(forms.admit('b', t0 + 30_000)).toBe(0);
    expect(forms.admit('a', t0 + 60_001)).toBe(0);
    expect(forms.admit('a', t0 + 60_002)).toBe(10);
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, text) => expect(describeWait(seconds)).toBe(text));
});
