import webpush from 'web-push';
import { EnvironmentError, validateEnvironment } from '../../config/environment.js';
import { mailtoOf } from './vapid.js';

describe('the VAPID settings (docs/web-push.md, "VAPID")', () => {
  const pair = webpush.generateVAPIDKeys();

  it('take a configured pair, as web-push prints it', () => {
    const env = validateEnvironment({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect([env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY]).toEqual([pair.publicKey, pair.privateKey]);
  });

  it.each([
    ['the public key alone', { VAPID_PUBLIC_KEY: pair.publicKey }],
    ['the private key alone', { VAPID_PRIVATE_KEY: pair.privateKey }],
  ])('refuse %s at boot, naming both', (_, raw) => {
    expect(() => validateEnvironment(raw)).toThrow(EnvironmentError);
    expect(() => validateEnvironment(raw)).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/);
  });

  it('make the subject mailto: the address of MAIL_FROM when VAPID_SUBJECT is unset', () => {
    expect(mailtoOf('Nardy <nardy@example.com>')).toBe('mailto:nardy@example.com');
    expect(mailtoOf(' games@example.org ')).toBe('mailto:games@example.org');
  });
});
