import { generateToken, isWellFormedToken, lastFour, tokenDigest } from './token-format';

describe('API token format', () => {
  it('is tlm_ + 36 base62 characters, unique each time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^tlm_[0-9A-Za-z]{36}$/);
  });

  it('carries a checksum that catches a mistyped character', () => {
    const token = generateToken();
    expect(isWellFormedToken(token)).toBe(true);
    for (let position = 4; position < token.length; position++) {
      const replacement = token[position] === 'a' ? 'b' : 'a';
      expect(isWellFormedToken(token.slice(0, position) + replacement + token.slice(position + 1))).toBe(false);
    }
  });

  it('refuses other shapes', () => {
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken(generateToken().replace('tlm_', 'xyz_'))).toBe(false);
    expect(isWellFormedToken(`${generateToken()}0`)).toBe(false);
    expect(isWellFormedToken(generateToken().slice(0, -1))).toBe(false);
  });

  it('stores a SHA-256 digest and shows the last four characters', () => {
    const token = generateToken();
    expect(tokenDigest(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenDigest(token)).not.toContain(token.slice(4, 20));
    expect(lastFour(token)).toBe(token.slice(-4));
  });

  it('still recognises, and digests alike, a token issued by an earlier build (a fixed vector, no real account)', () => {
    const token = 'tlm_D9yqlgJCOBWRnNAeGK9zAGLlRBCnjW1oJDQu';
    expect(isWellFormedToken(token)).toBe(true);
    expect(tokenDigest(token)).toBe('10c1d96239fe523b8c46f1d326fd26211c125bd67abdd11f1d17b5d1fa53f429');
  });
});
