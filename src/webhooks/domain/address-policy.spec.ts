import { blockedAddressReason, embeddedIpv4, isAllowedHost } from './address-policy';
import { checkEndpointUrl } from './endpoint-url';

describe('webhook address rules', () => {
  it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])(
    'refuses %s',
    (address) => expect(blockedAddressReason(address)).toBeDefined(),
  );

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])('accepts the public address %s', (address) => expect(blockedAddressReason(address)).toBeUndefined());

  // Each IPv6 form that carries an IPv4 address reaches it: the IPv4 rules decide (issue 47).
  it.each([
    ['IPv4-compatible', '::127.0.0.1', '::7f00:1', '::a9fe:a9fe'],
    ['IPv4-mapped', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1'],
    ['IPv4-translated', '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:c0a8:101'],
    ['NAT64', '64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe'],
    ['6to4', '2002:7f00:1::', '2002:a00:1:1::1', '2002:a9fe:a9fe::'],
  ])('refuses the %s forms of blocked IPv4 addresses', (_form, ...addresses) => {
    for (const address of addresses) expect([address, blockedAddressReason(address)]).toEqual([address, expect.any(String)]);
  });

  it.each([
    ['IPv4-mapped', '::ffff:1.1.1.1'],
    ['NAT64', '64:ff9b::101:101'],
    ['6to4', '2002:5db8:d822::1'],
  ])('accepts the %s form of a public IPv4 address', (_form, address) => expect(blockedAddressReason(address)).toBeUndefined());

  it.each(['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1', '64:ff9b:1::a00:1', 'fec0::1', '100::1', '::', '::1', '::0.0.0.1'])('refuses %s (Teredo, local NAT64, site-local, discard, unspecified, loopback)', (address) =>
    expect(blockedAddressReason(address)).toBeDefined(),
  );

  it('reads the IPv4 address embedded in each form', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::0a00:0001')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:c0a8:0101:5::1')).toBe('192.168.1.1');
    expect(embeddedIpv4('::1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIpv4('2606:4700:4700::1111')).toBeUndefined();
  });

  it('compares allowed hosts lower-cased and without IPv6 brackets', () => {
    expect(isAllowedHost('[::1]', ['::1'])).toBe(true);
    expect(isAllowedHost('LocalHost', ['localhost'])).toBe(true);
    expect(isAllowedHost('127.0.0.2', ['127.0.0.1'])).toBe(false);
  });

  it('checks a URL as given', () => {
    expect(checkEndpointUrl('https://example.com/hook?x=1', [])).toBe('https://example.com/hook?x=1');
    expect(checkEndpointUrl('http://127.0.0.1:8080/hook', ['127.0.0.1'])).toBe('http://127.0.0.1:8080/hook');
    for (const bad of [
      'ftp://example.com/',
      'https://u:p@example.com/',
      'http://example.com/',
      'https://10.0.0.1/',
      'https://[::1]/',
      'nonsense',
      'https://0x7f000001/',
      'https://[::127.0.0.1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[2002:a9fe:a9fe::]/',
      'https://[64:ff9b::10.0.0.1]/',
    ]) {
      expect(() => checkEndpointUrl(bad, [])).toThrow();
    }
  });
});
