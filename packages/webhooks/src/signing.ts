import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Signing secrets and signatures as the Standard Webhooks specification has them, through the
 * `standardwebhooks` package (the receiver's side verifies with the same package): a secret is
 * `whsec_` and base64 of 24 random bytes; each delivery carries webhook-id, webhook-timestamp
 * (epoch seconds) and webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`),
 * one signature per secret in force, space-separated, so a rotation never breaks a receiver.
 */
const SECRET_BYTES = 24;
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32}$/;

export const newWebhookSecret = (): string => `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;

/** How a secret is shown after creation: its first characters only. */
export const secretHint = (secret: string): string => `${secret.slice(0, 10)}…`;

// Decoding a secret each time costs more than signing a small body; secrets are few.
const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    if (signers.size > 10_000) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers for one attempt of message `id` with `body`, signed by every secret given. */
export function signatureHeaders(id: string, body: string, secrets: readonly string[], at: Date): SignatureHeaders {
  if (secrets.length === 0) throw new Error('signatureHeaders: no secret');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => signer(secret).sign(id, at, body)).join(' '),
  };
}
