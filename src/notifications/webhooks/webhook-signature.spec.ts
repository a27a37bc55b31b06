import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, WEBHOOK_SECRET_PREFIX, webhookSignature, webhookTimestamp } from './webhook-signature.js';

describe('webhook signatures', () => {
  it('makes secrets of whsec_ and the base64 of 32 random bytes, never the same twice', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newWebhookSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')).toHaveLength(32);
    }
  });

  it('signs the example of the Standard Webhooks specification as it says', () => {
    const signature = webhookSignature(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is v1, and the base64 HMAC-SHA256 keyed with the secret’s bytes of id.timestamp.body', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-27T10:00:00.999Z');
    const body = JSON.stringify({ type: 'match.turn', timestamp: at.toISOString(), data: { opponent: 'ålice' } });
    const id = '0b5c4a8e-8a3f-4f6e-9a53-2f9d1c0e7b11';
    expect(webhookTimestamp(at)).toBe(String(Math.floor(at.getTime() / 1000)));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${id}.${webhookTimestamp(at)}.${body}`)
      .digest('base64');
    expect(webhookSignature(secret, id, at, body)).toBe(`v1,${expected}`);
  });

  it('is what a receiver verifies with the Standard Webhooks library, and refuses a changed body', () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const body = '{"type":"match.turn","data":{}}';
    const headers = {
      'webhook-id': 'a-message',
      'webhook-timestamp': webhookTimestamp(now),
      'webhook-signature': webhookSignature(secret, 'a-message', now, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('turn', 'deadline'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
