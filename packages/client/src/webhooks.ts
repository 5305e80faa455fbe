import type { BatchEventPayload, JobEventPayload } from './api-types';

/** What a webhook delivery carries: a job's end or a batch's. */
export type WebhookPayload = JobEventPayload | BatchEventPayload;

/** A delivery that must not be trusted: its signature, its age or its body is wrong. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time in ms (tests). */
  now?: number;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get(name)
      : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`the delivery has no ${name} header`);
  return text;
}

const base64Bytes = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const bytesBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Equal strings, in a time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a webhook delivery (Standard Webhooks: webhook-id, webhook-timestamp and
 * webhook-signature, HMAC-SHA256 of `id.timestamp.body` keyed by the endpoint's `whsec_` secret)
 * and returns its payload. `rawBody` is the body exactly as received (a string or bytes): a
 * parsed and re-serialised body no longer matches its signature, so an object is refused. A
 * signature header may list several signatures (during a secret's rotation); one match is
 * enough. Works wherever WebCrypto does (Node 20, Deno, Bun, browsers).
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookPayload> {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array) && !(rawBody instanceof ArrayBuffer)) {
    throw new WebhookVerificationError(
      'verifyWebhook needs the raw body as received (a string or bytes), not a parsed object: read it with express.raw() or request.text()',
    );
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs((options.now ?? Date.now()) / 1000 - seconds) > tolerance) {
    throw new WebhookVerificationError(`the delivery's timestamp is more than ${tolerance} s from now: a replay, or a clock off`);
  }
  if (!secret.startsWith('whsec_')) throw new WebhookVerificationError('the secret is not a whsec_ secret');
  const key = await crypto.subtle.importKey('raw', base64Bytes(secret.slice('whsec_'.length)), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = bytesBase64(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  const matches = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .some(([version, signature]) => version === 'v1' && signature !== undefined && constantTimeEqual(signature, expected));
  if (!matches) throw new WebhookVerificationError('no signature of the delivery matches the secret');
  try {
    return JSON.parse(body) as WebhookPayload;
  } catch {
    throw new WebhookVerificationError('the delivery is signed but its body is not JSON');
  }
}
