import { csrfTokenFor, isWellFormedToken, newSecretToken, sameSecret, sha256Hex } from './tokens';

describe('session and invite tokens', () => {
  it('are 32 random bytes in base64url, all different', () => {
    const tokens = new Set(Array.from({ length: 100 }, newSecretToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(isWellFormedToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(isWellFormedToken('a'.repeat(42))).toBe(false);
    expect(isWellFormedToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('a CSRF token is derived from its session token: stable, different per session, not the token’s stored hash', () => {
    const token = newSecretToken();
    expect(csrfTokenFor(token)).toBe(csrfTokenFor(token));
    expect(csrfTokenFor(token)).not.toBe(csrfTokenFor(newSecretToken()));
    expect(csrfTokenFor(token)).not.toContain(sha256Hex(token).slice(0, 16));
    expect(isWellFormedToken(csrfTokenFor(token))).toBe(true);
  });

  it('compares secrets whole', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });
});
