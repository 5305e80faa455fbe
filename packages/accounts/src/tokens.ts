import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Session and invite tokens: 32 random bytes, base64url (43 characters). Only their SHA-256
// is stored, so a copy of the database cannot be used to sign in or to join a team.
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSecretToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const isWellFormedToken = (value: string): boolean => TOKEN_PATTERN.test(value);

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * A session's CSRF token, derived from the session token by HMAC: the server can give it
 * again on every GET /session without storing it, and nothing stored reveals it.
 */
export const csrfTokenFor = (sessionToken: string): string => createHmac('sha256', sessionToken).update('ce-csrf-v1').digest('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
