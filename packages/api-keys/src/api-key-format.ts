import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// `ce_live_` + 32 base58 characters (docs/api.md). Base58 leaves out look-alike characters.
export const KEY_PREFIX = 'ce_live_';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BODY_LENGTH = 32;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[${BASE58}]{${BODY_LENGTH}}$`);
// Characters kept for display: the live prefix and the first four of the secret part.
const DISPLAY_LENGTH = KEY_PREFIX.length + 4;

export function generateApiKey(): string {
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) {
      // 58 * 4 = 232: rejecting bytes above it keeps every character equally likely.
      if (byte < 232 && body.length < BODY_LENGTH) body += BASE58[byte % 58];
    }
  }
  return KEY_PREFIX + body;
}

export const isWellFormedApiKey = (value: string): boolean => KEY_PATTERN.test(value);

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const displayPrefix = (key: string): string => key.slice(0, DISPLAY_LENGTH);

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
