import { ADDRESS_NOT_ALLOWED, sendWebhook } from './webhook-sender';

const options = { timeoutMs: 1_000, allowHosts: [] as string[] };

describe('sending a webhook', () => {
  // The IPv6 forms: rows created before the creation check refused them are refused here (issue 47).
  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '[::127.0.0.1]', '[::ffff:0:7f00:1]', '[64:ff9b::a9fe:a9fe]', '[2002:7f00:1::]', '[2001:0:4136:e378:8000:63bf:3fff:fdd2]'])(
    'refuses %s without connecting',
    async (host) => {
      const result = await sendWebhook(`https://${host}/hook`, {}, '{}', options);
      expect(result.outcome).toEqual({ ok: false, error: ADDRESS_NOT_ALLOWED, statusCode: undefined });
    },
  );

  it.each([
    ['an IPv4 one', '10.1.2.3', 4],
    ['an IPv6 form of a loopback one', '::ffff:0:7f00:1', 6],
  ])('refuses a host name when any address it resolves to is private (%s), without saying which', async (_what, address, family) => {
    const resolve = (host: string) => Promise.resolve(host === 'internal.example' ? [{ address: '93.184.216.34', family: 4 }, { address, family }] : []);
    const result = await sendWebhook('https://internal.example/hook', {}, '{}', { ...options, resolve });
    expect(result.outcome).toEqual({ ok: false, error: ADDRESS_NOT_ALLOWED, statusCode: undefined });
  });

  it('says the same of a host name that does not resolve: deliveries do not map internal names', async () => {
    const nowhere = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' }));
    const empty = () => Promise.resolve([]);
    for (const resolve of [nowhere, empty]) {
      const result = await sendWebhook('https://db.internal/hook', {}, '{}', { ...options, resolve });
      expect(result.outcome).toEqual({ ok: false, error: ADDRESS_NOT_ALLOWED, statusCode: undefined });
    }
  });
});
