import { sendWebhook } from './webhook-sender';

const options = { timeoutMs: 1_000, allowHosts: [] as string[] };

describe('sending a webhook', () => {
  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]'])('refuses %s without connecting', async (host) => {
    const result = await sendWebhook(`https://${host}/hook`, {}, '{}', options);
    expect(result.outcome).toEqual({ ok: false, error: expect.stringMatching(/^refused: /), statusCode: undefined });
  });

  it('refuses a host name when any address it resolves to is private', async () => {
    const resolve = (host: string) => Promise.resolve(host === 'internal.example' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }] : []);
    const result = await sendWebhook('https://internal.example/hook', {}, '{}', { ...options, resolve });
    expect(result.outcome).toMatchObject({ ok: false, error: expect.stringContaining('internal.example resolves to 10.1.2.3') });
  });
});
