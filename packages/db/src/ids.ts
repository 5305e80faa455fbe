import { randomBytes, randomUUID } from 'node:crypto';

// Crockford base32: sortable as text, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return out;
}

function timePart(now: number): string {
  let value = now;
  let out = '';
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

export type IdPrefix = 'team' | 'key' | 'bat' | 'usr' | 'ses' | 'inv' | 'whk' | 'msg' | 'mon' | 'chg';

// `bat_01j9...`: prefix says what it is, the time part makes ids sort by creation. SQL makes
// the same ids with new_id(prefix) (migration 20261124100000_webhooks) where rows are written
// by the statement.
export function newId(prefix: IdPrefix, now = Date.now()): string {
  return `${prefix}_${timePart(now)}${base32(randomBytes(16))}`;
}

// The contract fixes job ids as UUIDs.
export function newJobId(): string {
  return randomUUID();
}
