import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

// Deliveries signed by the Standard Webhooks reference library, as the service signs them.
const secret = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`;
const other = `whsec_${Buffer.from('another secret, 24 bytes').toString('base64')}`;
const body = JSON.stringify({ type: 'job.completed', timestamp: '2026-11-27T10:00:00.000Z', data: { jobId: 'j1', status: 'completed' } });
const signed = (key: string, at = new Date(), text = body) => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(key).sign('msg_1', new Date(timestamp * 1000), text),
  };
};

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the secret, from a record or a Headers, as text or bytes', async () => {
    const headers = signed(secret);
    expect(await verifyWebhook(body, headers, secret)).toMatchObject({ type: 'job.completed', data: { jobId: 'j1' } });
    expect(await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toMatchObject({ type: 'job.completed' });
  });

  it('accepts any one of several signatures (a secret being rotated)', async () => {
    const headers = signed(secret);
    const both = { ...headers, 'webhook-signature': `${signed(other)['webhook-signature']} ${headers['webhook-signature']}` };
    expect(await verifyWebhook(body, both, secret)).toMatchObject({ type: 'job.completed' });
  });

  it('refuses a tampered body, another secret, a stale or future timestamp, a missing header and a parsed body', async () => {
    const refused = (...args: Parameters<typeof verifyWebhook>) =>
      verifyWebhook(...args).then(
        () => 'accepted',
        (error: unknown) => (error instanceof WebhookVerificationError ? error.message : `other: ${String(error)}`),
      );
    expect(await refused(body.replace('j1', 'j2'), signed(secret), secret)).toMatch(/no signature/);
    expect(await refused(body, signed(other), secret)).toMatch(/no signature/);
    expect(await refused(body, signed(secret, new Date(Date.now() - 10 * 60_000)), secret)).toMatch(/timestamp/);
    expect(await refused(body, signed(secret, new Date(Date.now() + 10 * 60_000)), secret)).toMatch(/timestamp/);
    const { 'webhook-signature': _, ...unsigned } = signed(secret);
    expect(await refused(body, unsigned, secret)).toMatch(/webhook-signature/);
    expect(await refused(JSON.parse(body), signed(secret), secret)).toMatch(/raw body/);
    // Within a tolerance given: the stale one passes.
    expect(await refused(body, signed(secret, new Date(Date.now() - 10 * 60_000)), secret, { toleranceSeconds: 3600 })).toBe('accepted');
  });
});
