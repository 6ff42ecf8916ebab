import { blockedAddressReason, isAllowedHost } from './address-policy';
import { checkEndpointUrl } from './endpoint-url';

describe('webhook address rules', () => {
  it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])(
    'refuses %s',
    (address) => expect(blockedAddressReason(address)).toBeDefined(),
  );

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])('accepts the public address %s', (address) => expect(blockedAddressReason(address)).toBeUndefined());

  it('compares allowed hosts lower-cased and without IPv6 brackets', () => {
    expect(isAllowedHost('[::1]', ['::1'])).toBe(true);
    expect(isAllowedHost('LocalHost', ['localhost'])).toBe(true);
    expect(isAllowedHost('127.0.0.2', ['127.0.0.1'])).toBe(false);
  });

  it('checks a URL as given', () => {
    expect(checkEndpointUrl('https://example.com/hook?x=1', [])).toBe('https://example.com/hook?x=1');
    expect(checkEndpointUrl('http://127.0.0.1:8080/hook', ['127.0.0.1'])).toBe('http://127.0.0.1:8080/hook');
    for (const bad of ['ftp://example.com/', 'https://u:p@example.com/', 'http://example.com/', 'https://10.0.0.1/', 'https://[::1]/', 'nonsense', 'https://0x7f000001/']) {
      expect(() => checkEndpointUrl(bad, [])).toThrow();
    }
  });
});
