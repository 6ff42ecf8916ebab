import { parseTrustProxy } from './http-server';

describe('TRUST_PROXY', () => {
  it('is off when unset or false, and trusts everything when true', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
  });

  it('names proxies by address or CIDR, comma-separated', () => {
    expect(parseTrustProxy('10.0.0.1, 172.28.0.0/16,')).toEqual(['10.0.0.1', '172.28.0.0/16']);
  });

  it('keeps a hop count meaning the nearest that many addresses are proxies', () => {
    const trusted = parseTrustProxy('2');
    if (typeof trusted !== 'function') throw new Error('a hop count is passed to Fastify as a function');
    expect([0, 1, 2, 3].map((hop) => trusted('192.0.2.1', hop))).toEqual([true, true, false, false]);
  });
});
