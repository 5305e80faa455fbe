import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { z } from 'zod';

// The package declares Algorithm as a const enum, which has no runtime object once compiled
// file by file (swc, tsx): its value is written out. 2 = Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** OWASP's Argon2id parameters: 19 MiB of memory, two passes, one lane. */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

// Lowercased, so that the unique index on users.email is case-insensitive.
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a stored value that is not a PHC string matches nothing
  }
}

// A hash of a password nobody knows, made once: an unknown email is verified against it so
// that it takes as long as a wrong password.
let dummy: Promise<string> | undefined;

export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummy, password);
  return false;
}
