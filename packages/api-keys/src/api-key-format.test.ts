import { displayPrefix, generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey, KEY_PREFIX } from './api-key-format';

describe('API key format', () => {
  it('generates live-prefixed base58 keys that are all different', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith(KEY_PREFIX)).toBe(true);
      expect(key).toHaveLength(KEY_PREFIX.length + 32);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it('rejects keys of the wrong shape', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey(key.replace(KEY_PREFIX, 'ce_test_'))).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -1)}0`)).toBe(false); // 0 is not base58
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('stores only a hash and a short display prefix', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayPrefix(key)).toBe(key.slice(0, KEY_PREFIX.length + 4));
    expect(hashesEqual(hashApiKey(key), hashApiKey(key))).toBe(true);
    expect(hashesEqual(hashApiKey(key), hashApiKey(generateApiKey()))).toBe(false);
  });
});
