import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, SECRET_PATTERN, signatureHeaders } from './signing';

describe('webhook signing', () => {
  it('makes whsec_ secrets of 24 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(SECRET_PATTERN);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs so that the package’s own verify accepts it, with every secret in force', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'job.completed', data: { domain: 'acme.com' } });
    const headers = signatureHeaders('msg_01abc', body, [current, previous], new Date());
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow(/No matching signature/);
    expect(() => new Webhook(current).verify(`${body} `, { ...headers })).toThrow();
  });

  it('puts the attempt’s time, in seconds, in webhook-timestamp', () => {
    const at = new Date('2026-11-24T10:00:00.900Z');
    expect(signatureHeaders('msg_1', '{}', [newWebhookSecret()], at)['webhook-timestamp']).toBe(
      String(Date.parse('2026-11-24T10:00:00Z') / 1000),
    );
  });
});
