import { preferredCoding } from './compression';

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['GZIP;Q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=nonsense, gzip', 'gzip'],
    [['gzip', 'br;q=0.1'], 'gzip'],
  ] as const)('Accept-Encoding %j prefers %s', (header, expected) => {
    expect(preferredCoding(header as string | string[] | undefined)).toBe(expected);
  });
});
